import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { onboardingProgress } from '../../server/db/schema'
import { createTestServer, DEMO, json, testDatabases, type TestServer } from '../support/server-harness'
import {
  answeredVisitor,
  confirmLatest,
  latestCode,
  messagesTo,
  newEmail,
  newPhone,
  outbox,
  passResendWait,
  Visitor,
} from './onboarding-driver'

describe.each(testDatabases())('onboarding calls and their errors (%s)', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    // Many first steps come from these tests; reCAPTCHA has its own suite (onboarding-protection.test.ts).
    server = await createTestServer(kind, { env: { ONBOARDING_RECAPTCHA_AFTER: '10000' } })
  })
  afterAll(() => server.close())

  const progressCount = async () => (await server.db.select({ n: count() }).from(onboardingProgress))[0]!.n

  it('refuses a bad first step field by field, storing and sending nothing', async () => {
    const before = { progress: await progressCount(), outbox: (await outbox(server.app)).length }
    const visitor = new Visitor(server.app)
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: 'call me' }, 'phone'],
      [{ phone: '+7 123' }, 'phone'],
      [{}, 'phone'],
      [{ email: 'anna@example' }, 'email'],
      [{ phone: newPhone().typed, version: 5 }, 'version'],
      [{ phone: newPhone().typed, ab_group_percentage: 100 }, 'ab_group_percentage'],
      [{ phone: newPhone().typed, utm_uuid: 'nope' }, 'utm_uuid'],
      [{ phone: newPhone().typed, utm: { utm_source: 5 } }, 'utm'],
      [{ phone: newPhone().typed, languages: 'ru' }, 'languages'],
      [{ phone: newPhone().typed, form_complete_speed: -1 }, 'form_complete_speed'],
      [{ phone: newPhone().typed, language_id: 99 }, 'language_id'],
    ]
    for (const [body, field] of cases) {
      const response = await visitor.first(body)
      expect(response.statusCode, field).toBe(422)
      expect(Object.keys(json(response).meta.errors).map((key) => key.split('.')[0])).toContain(field)
    }
    // Every problem at once: a phone its country refuses beside a malformed e-mail.
    const both = await visitor.first({ phone: '+7 912 34', email: 'anna@mail' })
    expect(Object.keys(json(both).meta.errors).sort()).toEqual(['email', 'phone'])
    expect(await progressCount()).toBe(before.progress)
    expect((await outbox(server.app)).length).toBe(before.outbox)
  })

  it('turns 50 parallel first steps for one phone into one progress and one call', async () => {
    const phone = newPhone()
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => new Visitor(server.app).first({ phone: phone.typed })),
    )
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(50).fill(200))
    const ids = new Set(replies.map((reply) => json(reply).data.onboarding_progress.id))
    expect(ids.size).toBe(1)
    expect(await messagesTo(server.app, phone.digits)).toHaveLength(1)
  })

  it('guards the step calls: 404, 403 without the cookie, 409 before the code and out of order, 422 per field', async () => {
    const phone = newPhone()
    const visitor = new Visitor(server.app)
    const id = await visitor.start({ phone: phone.typed })
    expect((await visitor.step('second', 123456789, { name: 'A', place_count: 3 })).statusCode).toBe(404)
    expect((await visitor.call('GET', '/onboarding/progress/abc')).statusCode).toBe(422)
    expect((await new Visitor(server.app).step('second', id, { name: 'A', place_count: 3 })).statusCode).toBe(
      403,
    )
    const early = await visitor.step('second', id, { name: 'A', place_count: 3 })
    expect(early.statusCode).toBe(409)
    expect(json(early).meta.message).toMatch(/code/)

    await confirmLatest(server.app, visitor, id, phone.digits)
    expect(
      (
        await visitor.step('third', id, {
          business_type_id: 101,
          staff_count: 2,
          is_provide_services_by_myself: true,
        })
      ).statusCode,
    ).toBe(409)
    const before = json(await visitor.progress(id)).data
    const bad = await visitor.step('second', id, {
      name: '',
      place_count: 9,
      company_title: 'x'.repeat(151),
      position: 7,
    })
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(json(bad).meta.errors).sort()).toEqual([
      'company_title',
      'name',
      'place_count',
      'position',
    ])
    const missing = await visitor.step('second', id, { name: 'Anna', place_count: 1 })
    expect(Object.keys(json(missing).meta.errors).sort()).toEqual(['company_title', 'position'])
    expect(json(await visitor.progress(id)).data).toEqual(before)

    // SPEC.md section 3: place_count defaults to 0, so leaving it out is no error of its own.
    const noPlaceCount = await visitor.step('second', id, {
      name: 'Anna',
      company_title: 'Anna Beauty',
      position: 3,
    })
    expect(noPlaceCount.statusCode).toBe(200)
    expect(json(noPlaceCount).data.onboarding_progress).toMatchObject({ place_count_id: 0, position: 3 })

    await visitor.step('second', id, {
      name: 'Anna',
      place_count: 1,
      company_title: 'Anna Beauty',
      position: 3,
    })
    const unknownType = await visitor.step('third', id, {
      business_type_id: 99999,
      staff_count: 2,
      is_provide_services_by_myself: true,
    })
    expect(json(unknownType).meta.errors).toHaveProperty('business_type_id')
    await visitor.step('third', id, {
      business_type_id: 101,
      staff_count: 2,
      is_provide_services_by_myself: true,
    })
    const badFourth = await visitor.step('fourth', id, { country_id: 1, referral_source: 9 })
    expect(Object.keys(json(badFourth).meta.errors)).toEqual(['referral_source'])
    const unknownCountry = await visitor.step('fourth', id, { country_id: 999999, referral_source: 1 })
    expect(Object.keys(json(unknownCountry).meta.errors)).toEqual(['country_id'])
    expect((await visitor.step('fifth', id, { purposes: [12] })).statusCode).toBe(409)
  })

  it('checks the newer table payloads, the custom purpose included', async () => {
    const phone = newPhone()
    const visitor = new Visitor(server.app)
    const id = await visitor.start({ phone: phone.typed, version: 4 })
    await confirmLatest(server.app, visitor, id, phone.digits)
    const older = await visitor.step('second', id, {
      name: 'Anna',
      place_count: 1,
      company_title: 'A',
      position: 1,
    })
    expect(json(older).meta.errors).toHaveProperty('version')
    await visitor.step('second', id, {
      name: 'Anna',
      place_count: 1,
      position: 2,
      promo_code: 'SPRING-10',
      version: 4,
    })
    const third = await visitor.step('third', id, {
      business_type_id: 301,
      staff_count: 2,
      is_provide_services_by_myself: false,
      version: 4,
      purposes: [11],
    })
    expect(Object.keys(json(third).meta.errors).sort()).toEqual(['company_title', 'custom_purpose'])
    await visitor.step('third', id, {
      business_type_id: 301,
      staff_count: 2,
      is_provide_services_by_myself: false,
      version: 4,
      company_title: 'Spa One',
    })
    const fourth = await visitor.step('fourth', id, { purposes: [12, 12], version: 4 })
    expect(json(fourth).meta.errors).toHaveProperty('purposes')
    await visitor.step('fourth', id, { purposes: [12, 13, 11], custom_purpose: 'Train staff', version: 4 })
    expect(json(await visitor.step('fifth', id, { purposes: [] })).meta.errors).toHaveProperty('purposes')
    const fifth = await visitor.step('fifth', id, { purposes: [21, 11], custom_purpose: 'Sell cosmetics' })
    // The fifth step's goals are kept beside the fourth step's: neither answer overwrites the other.
    expect(json(fifth).data.onboarding_progress).toMatchObject({
      promo_code: 'SPRING-10',
      company_title: 'Spa One',
      purposes: [12, 13, 11],
      custom_purpose: 'Train staff',
      fifth_step_purposes: [21, 11],
      fifth_step_custom_purpose: 'Sell cosmetics',
      last_completed_step: 4,
    })
  })

  it('keeps both goal steps when either is answered again (the back button)', async () => {
    const phone = newPhone()
    const visitor = new Visitor(server.app)
    const id = await visitor.start({ phone: phone.typed, version: 4 })
    await confirmLatest(server.app, visitor, id, phone.digits)
    await visitor.step('second', id, { name: 'Anna', place_count: 1, position: 2, version: 4 })
    await visitor.step('third', id, {
      business_type_id: 301,
      staff_count: 2,
      is_provide_services_by_myself: false,
      version: 4,
      company_title: 'Spa One',
    })
    await visitor.step('fourth', id, { purposes: [14, 11], custom_purpose: 'Open a school', version: 4 })
    await visitor.step('fifth', id, { purposes: [22] })
    const again = await visitor.step('fourth', id, { purposes: [15], version: 4 })
    expect(json(again).data.onboarding_progress).toMatchObject({
      purposes: [15],
      custom_purpose: null,
      fifth_step_purposes: [22],
      fifth_step_custom_purpose: null,
    })
    const [row] = await server.db.select().from(onboardingProgress).where(eq(onboardingProgress.id, id))
    expect(row).toMatchObject({ purposes: [15], fifthStepPurposes: [22], lastCompletedStep: 4 })
  })

  it('shows the status without personal answers to a device that has not confirmed', async () => {
    const { id } = await answeredVisitor(server.app)
    const stranger = json(await new Visitor(server.app).progress(id)).data
    expect(stranger).toMatchObject({
      status: 'user_not_approved_by_phone',
      onboarding_progress: { id, name: null, company_title: null, last_completed_step: 3 },
    })
    expect((await new Visitor(server.app).progress(987654321)).statusCode).toBe(404)
  })

  it('counts wrong codes: 2001 with attempts left, then 2002; 50 parallel guesses use at most the 5 attempts', async () => {
    const phone = newPhone()
    const visitor = new Visitor(server.app)
    const id = await visitor.start({ phone: phone.typed })
    const code = await latestCode(server.app, phone.digits)
    const wrong = code === '000000' ? '111111' : '000000'
    expect((await visitor.confirm(id, '12a')).statusCode).toBe(422)
    const first = await visitor.confirm(id, wrong)
    expect(first.statusCode).toBe(422)
    expect(json(first).errors).toMatchObject({
      code: 2001,
      message: 'invalid confirmation code',
      attempts_left: 4,
    })

    const guesses = await Promise.all(Array.from({ length: 50 }, () => visitor.confirm(id, wrong)))
    const codes = guesses.map((reply) => json(reply).errors.code)
    expect(codes.filter((c) => c === 2001).length).toBeLessThanOrEqual(3)
    expect(codes.filter((c) => c === 2002).length).toBeGreaterThanOrEqual(47)
    const right = await visitor.confirm(id, code)
    expect(right.statusCode).toBe(429)
    expect(json(right).errors).toMatchObject({ code: 2002, message: 'limit exceeded', attempts_left: 0 })
  })

  it('sends one contact at most 10 codes a day, however often the resend wait passes', async () => {
    const email = newEmail()
    const visitor = new Visitor(server.app)
    const id = await visitor.start({ email })
    const resend = async () => {
      await passResendWait(server.db, id)
      return visitor.call('POST', `/onboarding/send_confirm_code/${id}`, { channel: 'email' })
    }
    for (let sent = 2; sent <= 10; sent += 1) expect((await resend()).statusCode).toBe(200)
    const eleventh = await resend()
    expect(eleventh.statusCode).toBe(429)
    expect(json(eleventh).errors).toMatchObject({ code: 1001, message: 'limit exceeded' })
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(3600)
    expect(await messagesTo(server.app, email)).toHaveLength(10)
    // The last code sent still confirms.
    expect((await visitor.confirm(id, await latestCode(server.app, email))).statusCode).toBe(200)
  })

  it('resends codes: 1001 while waiting, calls count towards SMS, e-mail on request', async () => {
    const phone = newPhone()
    const email = newEmail()
    const visitor = new Visitor(server.app)
    const id = await visitor.start({ phone: phone.typed, email })
    const send = (channel: string) => visitor.call('POST', `/onboarding/send_confirm_code/${id}`, { channel })

    const tooSoon = await send('call')
    expect(tooSoon.statusCode).toBe(429)
    expect(json(tooSoon).errors).toMatchObject({ code: 1001, message: 'limit exceeded' })
    expect(json(tooSoon).errors.wait_period).toBeGreaterThan(0)
    expect(json(await send('sms')).meta.errors).toHaveProperty('channel')
    expect(json(await send('fax')).meta.errors).toHaveProperty('channel')
    expect(
      (await new Visitor(server.app).call('POST', `/onboarding/send_confirm_code/${id}`, { channel: 'call' }))
        .statusCode,
    ).toBe(403)

    await passResendWait(server.db, id)
    const second = await send('call')
    expect(json(second).data).toMatchObject({
      confirmation_code_send_channel: 'call',
      attempts_left: 5,
      call_count: 2,
      available_channels: ['call', 'sms', 'email'],
    })
    expect(json(second).data.wait_period).toBeGreaterThan(50)
    await passResendWait(server.db, id)
    expect((await send('sms')).statusCode).toBe(200)
    expect((await messagesTo(server.app, phone.digits))[0]!.channel).toBe('sms')

    await passResendWait(server.db, id)
    expect(json(await send('email')).data.confirmation_code_send_channel).toBe('email')
    expect(json(await visitor.progress(id)).data.status).toBe('user_not_approved_by_email')
    const confirmed = await confirmLatest(server.app, visitor, id, email)
    expect(json(confirmed).data.status).toBe('user_new')
    expect((await visitor.confirm(id, '123456')).statusCode).toBe(409)
  })

  it('offers international numbers SMS through the international provider', async () => {
    const visitor = new Visitor(server.app)
    const id = await visitor.start({ phone: '+44 7400 123456' })
    for (let call = 0; call < 1; call += 1) {
      await passResendWait(server.db, id)
      await visitor.call('POST', `/onboarding/send_confirm_code/${id}`, { channel: 'call' })
    }
    expect(json(await visitor.progress(id)).data.available_channels).toEqual(['call', 'sms_vonage'])
  })

  it('answers an existing account exactly like a new visitor and notifies its owner instead', async () => {
    const fresh = await new Visitor(server.app).first({ phone: newPhone().typed })
    const existing = await new Visitor(server.app).first({ phone: `+${DEMO.phone}` })
    expect(existing.statusCode).toBe(fresh.statusCode)
    const [a, b] = [json(fresh), json(existing)]
    const shape = (value: unknown): unknown =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]))
        : typeof value
    expect(shape(b)).toEqual(shape(a))
    expect(b.data).toMatchObject({
      status: a.data.status,
      time_to_call: a.data.time_to_call,
      attempts_left: 5,
    })

    const [notice] = await messagesTo(server.app, DEMO.phone)
    expect(notice!.text).toMatch(/tried to register/)
    expect(notice!.text).not.toMatch(/\d{6}/)

    const emailVisitor = new Visitor(server.app)
    const emailId = await emailVisitor.start({ email: DEMO.email.toUpperCase() })
    expect((await messagesTo(server.app, DEMO.email))[0]!.text).toMatch(/tried to register/)
    const wrong = await emailVisitor.confirm(emailId, '123456')
    expect(json(wrong).errors).toMatchObject({ code: 2001, attempts_left: 4 })
  })

  it('gives a filled honeypot a real-looking reply and stores and sends nothing', async () => {
    const before = { progress: await progressCount(), outbox: (await outbox(server.app)).length }
    const phone = newPhone()
    const trap = await new Visitor(server.app).first({ phone: phone.typed, website: 'http://spam.example' })
    const real = await new Visitor(server.app).first({ phone: newPhone().typed })
    expect(trap.statusCode).toBe(200)
    expect(Object.keys(json(trap).data).sort()).toEqual(Object.keys(json(real).data).sort())
    expect(json(trap).data).toMatchObject({ status: 'user_not_approved_by_phone', time_to_call: 60 })
    expect(trap.cookies.map((cookie) => cookie.name)).toContain('onboarding_token')
    expect(await progressCount()).toBe(before.progress + 1)
    expect((await outbox(server.app)).length).toBe(before.outbox + 1)
    expect(await messagesTo(server.app, phone.digits)).toEqual([])
  })

  it('refuses to finish early, a bad password or a contact of another account, changing nothing', async () => {
    const phone = newPhone()
    const visitor = new Visitor(server.app)
    const id = await visitor.start({ phone: phone.typed })
    const finish = (body: Record<string, unknown>) =>
      visitor.call('POST', `/onboarding/continue_register/create_company/${id}`, {
        name: 'Anna',
        password: 'violet-sky-42',
        confirm_password: 'violet-sky-42',
        ...body,
      })
    expect((await finish({ email: newEmail() })).statusCode).toBe(409)
    await confirmLatest(server.app, visitor, id, phone.digits)
    expect(json(await finish({ email: newEmail() })).meta.message).toMatch(/questionnaire/)

    const { visitor: done, id: doneId } = await answeredVisitor(server.app)
    const attempt = (body: Record<string, unknown>) =>
      done.call('POST', `/onboarding/continue_register/create_company/${doneId}`, body)
    const mismatch = await attempt({
      name: 'A',
      password: 'violet-sky-42',
      confirm_password: 'violet-sky-43',
      email: newEmail(),
    })
    expect(Object.keys(json(mismatch).meta.errors)).toEqual(['confirm_password'])
    const short = await attempt({
      name: 'A',
      password: 'short',
      confirm_password: 'short',
      email: newEmail(),
    })
    expect(json(short).meta.errors).toHaveProperty('password')
    const common = await attempt({
      name: 'A',
      password: 'password123',
      confirm_password: 'password123',
      email: newEmail(),
    })
    expect(json(common).meta.errors).toHaveProperty('password')
    const noEmail = await attempt({ name: 'A', password: 'violet-sky-42', confirm_password: 'violet-sky-42' })
    expect(json(noEmail).meta.errors).toHaveProperty('email')
    const taken = await attempt({
      name: 'A',
      password: 'violet-sky-42',
      confirm_password: 'violet-sky-42',
      email: DEMO.email,
    })
    expect(json(taken).meta.errors).toHaveProperty('email')
    expect(json(await done.progress(doneId)).data.onboarding_progress.is_completed).toBe(false)
    const [row] = await server.db.select().from(onboardingProgress).where(eq(onboardingProgress.id, doneId))
    expect(row!.userId).toBeNull()
    expect((await attempt({})).statusCode).toBe(422)
    expect(
      (
        await done.call('POST', `/onboarding/continue_register/accept_invites/${doneId}`, {
          name: 'A',
          password: 'violet-sky-42',
          confirm_password: 'violet-sky-42',
          email: newEmail(),
        })
      ).statusCode,
    ).toBe(409)
  })

  it('checks phone numbers without saying whether they are registered', async () => {
    const check = (phone: unknown) =>
      new Visitor(server.app).call('POST', '/onboarding/check_phone', { phone })
    expect(json(await check('8 (916) 123-45-67')).data).toEqual({
      is_valid: true,
      phone: '+79161234567',
      country_id: 1,
      country_code: 'RU',
      masked_phone: '+7 916*****67',
    })
    expect(json(await check(`+${DEMO.phone}`)).data).toMatchObject({ is_valid: true, country_code: 'RU' })
    expect(json(await check('+7 123')).data).toMatchObject({
      is_valid: false,
      phone: null,
      country_code: 'RU',
    })
    expect((await check(42)).statusCode).toBe(422)
  })
})
