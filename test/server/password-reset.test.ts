import { describe, expect, it } from 'vitest'
import {
  bearer,
  DEMO,
  json,
  latestCodeTo,
  latestMessageTo,
  OTHER,
  post,
  postSignIn,
  signIn,
  testDatabases,
  TWOFA,
  useTestServer,
} from '../support/server-harness'
import { resetDriver } from './password-reset-driver'

describe.each(testDatabases())('password reset (%s)', (kind) => {
  const server = useTestServer(kind)

  const { sendCode, createToken, skipResendWait } = resetDriver(server)

  it('answers send_code, a resend and a wrong code identically for known and unknown accounts', async () => {
    const known = await sendCode('other@example.com')
    const unknown = await sendCode('nobody-here@example.com')
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(known.statusCode)
    expect(json(known)).toEqual({ success: true, data: { channel: 'email', wait_period: 60 }, meta: {} })
    expect(json(unknown)).toEqual(json(known))
    expect(await latestMessageTo(server.app, 'other@example.com')).toBeDefined()
    expect(await latestMessageTo(server.app, 'nobody-here@example.com')).toBeUndefined()

    const knownAgain = await sendCode('Other@Example.com')
    const unknownAgain = await sendCode('nobody-here@example.com')
    expect(knownAgain.statusCode).toBe(429)
    expect(unknownAgain.statusCode).toBe(429)
    const strip = (body: { errors: { resend_available_at?: string; wait_period?: number } }) => ({
      ...body,
      errors: { ...body.errors, resend_available_at: 'x', wait_period: body.errors.wait_period! > 0 },
    })
    expect(strip(json(unknownAgain))).toEqual(strip(json(knownAgain)))

    const knownWrong = await createToken('other@example.com', '000000')
    const unknownWrong = await createToken('nobody-here@example.com', '000000')
    expect(knownWrong.statusCode).toBe(422)
    expect(strip(json(unknownWrong))).toEqual(strip(json(knownWrong)))

    const byPhone = await sendCode('+7 900 765-43-21')
    expect(json(byPhone).data).toEqual({ channel: 'sms', wait_period: 60 })
    const legacyKnown = await post(server.app, '/auth/reset', { email: 'demo@example.com' })
    const legacyUnknown = await post(server.app, '/auth/reset', { email: 'ghost@example.com' })
    expect(json(legacyKnown)).toEqual(json(legacyUnknown))
  })

  it('answers 422 per field for malformed calls', async () => {
    const bad = await post(server.app, '/auth/send_code', { user_contact_info: 'not a contact' })
    expect(bad.statusCode).toBe(422)
    expect(json(bad).meta.errors).toEqual({ user_contact_info: ['Enter a valid e-mail or phone'] })
    const noCode = await post(server.app, '/auth/create_token', { user_contact_info: 'a@b.co', code: '12' })
    expect(json(noCode).meta.errors.code).toBeDefined()
    const legacy = await post(server.app, '/auth/reset', { email: 'nope' })
    expect(json(legacy).meta.errors.email).toBeDefined()
  })

  it('evaluates 50 parallel wrong codes no more often than the attempt limit', async () => {
    const contact = 'demo@example.com'
    await skipResendWait(contact)
    expect((await sendCode(contact)).statusCode).toBe(200)
    const code = await latestCodeTo(server.app, contact)
    const wrong = code === '123456' ? '654321' : '123456'
    const replies = await Promise.all(Array.from({ length: 50 }, () => createToken(contact, wrong)))
    const statuses = replies.map((reply) => reply.statusCode)
    expect(statuses.filter((status) => status === 200)).toHaveLength(0)
    // Five guesses are evaluated (attempts_left 4, 3, 2, 1 and then 2002); the other 45 are refused unevaluated.
    const evaluated = replies.filter(
      (reply) => reply.statusCode === 422 && json(reply).errors.attempts_left > 0,
    )
    expect(evaluated.map((reply) => json(reply).errors.attempts_left).sort()).toEqual([1, 2, 3, 4])
    expect(replies.filter((reply) => json(reply).errors?.code === 2002).length).toBeGreaterThan(0)
    // The right code no longer helps: the attempts are spent.
    const late = await createToken(contact, code)
    expect(late.statusCode).toBe(429)
    expect(json(late).errors.code).toBe(2002)
  })

  it('resets the password, refuses the old tokens and the reset token twice, and needs the new password', async () => {
    const contact = 'other@example.com'
    const before = await signIn(server.app, OTHER.email, OTHER.password)
    await skipResendWait(contact)
    await sendCode(contact)
    const code = await latestCodeTo(server.app, contact)
    // The code is bound to its contact.
    expect((await createToken('demo@example.com', code)).statusCode).not.toBe(200)
    const created = await createToken(contact, code)
    expect(created.statusCode).toBe(200)
    const token = json(created).data.token as string
    expect((await createToken(contact, code)).statusCode).toBe(422)

    const setPassword = (body: Record<string, unknown>) =>
      post(server.app, '/auth/set_new_password', { user_contact_info: contact, token, ...body })
    const common = await setPassword({ password: 'password123', confirm_password: 'password123' })
    expect(json(common).meta.errors).toEqual({
      password: ['This password is too common. Choose another one.'],
    })
    const short = await setPassword({ password: 'short', confirm_password: 'short' })
    expect(json(short).meta.errors.password).toEqual(['Use at least 8 characters'])
    const long = await setPassword({ password: 'x'.repeat(129), confirm_password: 'x'.repeat(129) })
    expect(json(long).meta.errors.password).toEqual(['Use at most 128 characters'])
    const differ = await setPassword({
      password: 'a fine new passphrase',
      confirm_password: 'another one entirely',
    })
    expect(json(differ).meta.errors).toEqual({ confirm_password: ['The passwords do not match'] })
    const otherContact = await post(server.app, '/auth/set_new_password', {
      user_contact_info: 'demo@example.com',
      token,
      password: 'a fine new passphrase',
      confirm_password: 'a fine new passphrase',
    })
    expect(otherContact.statusCode).toBe(422)

    const done = await setPassword({
      password: 'a fine new passphrase',
      confirm_password: 'a fine new passphrase',
    })
    expect(done.statusCode).toBe(200)
    const reused = await setPassword({
      password: 'another fine phrase',
      confirm_password: 'another fine phrase',
    })
    expect(json(reused).meta.errors.token).toBeDefined()

    const oldAccess = await post(server.app, '/auth/session', undefined, bearer(before.access_token))
    expect(oldAccess.statusCode).toBe(401)
    const oldRefresh = await post(server.app, '/jwt/refresh', { refresh_token: before.refresh_token })
    expect(oldRefresh.statusCode).toBe(401)
    expect((await postSignIn(server.app, OTHER.email, OTHER.password)).statusCode).toBe(422)
    expect((await postSignIn(server.app, OTHER.email, 'a fine new passphrase')).statusCode).toBe(201)
  })

  it('does not skip the second factor after a reset', async () => {
    await sendCode(TWOFA.email)
    const code = await latestCodeTo(server.app, TWOFA.email)
    const token = json(await createToken(TWOFA.email, code)).data.token
    // The call's body as SPEC.md section 7 gives it: no repetition of the password.
    const done = await post(server.app, '/auth/set_new_password', {
      user_contact_info: TWOFA.email,
      token,
      password: 'twofactor passphrase',
    })
    expect(done.statusCode).toBe(200)
    expect((await postSignIn(server.app, TWOFA.email, 'twofactor passphrase')).statusCode).toBe(202)
  })

  it('reads a phone written with the trunk prefix 8 as the +7 account it names, at every step', async () => {
    const written = '8 900 123-45-67'
    await skipResendWait(DEMO.phone)
    expect((await sendCode(written)).statusCode).toBe(200)
    const code = await latestCodeTo(server.app, DEMO.phone)
    const created = await createToken(written, code)
    expect(created.statusCode).toBe(200)
    const done = await post(server.app, '/auth/set_new_password', {
      user_contact_info: written,
      token: json(created).data.token,
      password: 'trunk prefix passphrase',
    })
    expect(done.statusCode).toBe(200)
    expect((await postSignIn(server.app, DEMO.email, 'trunk prefix passphrase')).statusCode).toBe(201)
  })
})
