import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { companies, invites, users } from '../../server/db/schema'
import { acceptInvite } from '../../server/invites/accept-invite'
import { listPendingInvitesFor } from '../../server/invites/pending-invites'
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
import { addMember } from './business-api-helpers'

describe.each(testDatabases())('invitations (%s)', (kind) => {
  const server = useTestServer(kind)
  let ownerToken: string
  let barbersId: number
  let beautyId: number
  beforeAll(async () => {
    ownerToken = (await signIn(server.app, OTHER.email, OTHER.password)).access_token
    const rows = await server.db.select().from(companies)
    barbersId = rows.find((row) => row.title === 'Northern Barbers')!.id
    beautyId = rows.find((row) => row.title.startsWith('Beauty Line'))!.id
  })

  const invite = (payload: Record<string, unknown>, token = ownerToken, companyId = barbersId) =>
    server.app.inject({
      method: 'POST',
      url: `/api/v1/company/${companyId}/invites`,
      headers: bearer(token),
      payload,
    })
  /** Sends an invite and reads its link token from the outbox. */
  async function sendInvite(contact: { email?: string; phone?: string }, role = 'specialist') {
    const response = await invite({ ...contact, role, lang: 'en' })
    expect(response.statusCode).toBe(201)
    const message = await latestMessageTo(server.app, (contact.email ?? contact.phone)!)
    const token = /\/en\/invite\/([\w-]+)/.exec(message!.text)![1]!
    return { id: json(response).data.id as number, token }
  }

  it('sends an invite link with a 256-bit token and lists it for the company', async () => {
    const response = await invite({ email: 'New.Barber@Example.com', role: 'specialist', lang: 'en' })
    expect(response.statusCode).toBe(201)
    expect(json(response).data).toMatchObject({
      email: 'new.barber@example.com',
      role: 'specialist',
      status: 'pending',
    })
    const message = await latestMessageTo(server.app, 'new.barber@example.com')
    const token = /http:\/\/localhost:8080\/en\/invite\/([\w-]+)/.exec(message!.text)![1]!
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16)
    // Outside production the sender also gets the link itself, to pass on by hand.
    expect(json(response).data.dev_link).toBe(`http://localhost:8080/en/invite/${token}`)
    const [row] = await server.db
      .select()
      .from(invites)
      .where(eq(invites.id, json(response).data.id))
    expect(row!.tokenHash).not.toContain(token)
    const expiresIn = row!.expiresAt.getTime() - Date.now()
    expect(expiresIn).toBeGreaterThan(6.9 * 24 * 3600 * 1000)

    const list = await server.app.inject({
      method: 'GET',
      url: `/api/v1/company/${barbersId}/invites`,
      headers: bearer(ownerToken),
    })
    expect(json(list).data.map((item: { id: number }) => item.id)).toContain(json(response).data.id)
  })

  it('refuses bad input with 422, foreign companies with 404 and members without the right with 403', async () => {
    const both = await invite({ email: 'a@example.com', phone: '79001112233', role: 'specialist' })
    expect(json(both).meta.errors.email).toBeDefined()
    const neither = await invite({ role: 'specialist' })
    expect(neither.statusCode).toBe(422)
    const badRole = await invite({ email: 'a@example.com', role: 'emperor' })
    expect(json(badRole).meta.errors.role).toBeDefined()
    const foreignPosition = await invite({ email: 'a@example.com', role: 'specialist', position_id: 1 })
    expect(json(foreignPosition).meta.errors.position_id).toBeDefined()
    const foreign = await invite({ email: 'a@example.com', role: 'specialist' }, ownerToken, beautyId)
    expect(foreign.statusCode).toBe(404)
    const demoToken = (await signIn(server.app, DEMO.email, DEMO.password)).access_token
    expect((await invite({ email: 'a@example.com', role: 'specialist' }, demoToken)).statusCode).toBe(404)
    // The administrator of the same company lacks users_invite_access.
    const started = await postSignIn(server.app, TWOFA.email, TWOFA.password)
    const verified = await post(server.app, '/user/2fa/session/verify', {
      uuid: json(started).data.login_confirmation_session.uuid,
      code: await latestCodeTo(server.app, TWOFA.email),
    })
    expect(
      (await invite({ email: 'a@example.com', role: 'specialist' }, json(verified).data.access_token))
        .statusCode,
    ).toBe(403)
  })

  it('shows a pending invite, remembers it for the sign-in screen and forgets it on request', async () => {
    const { token } = await sendInvite({ email: 'looker@example.com' })
    const shown = await server.app.inject({ method: 'GET', url: `/api/v1/invites/${token}` })
    expect(json(shown).data).toMatchObject({
      status: 'pending',
      company_title: 'Northern Barbers',
      inviter_name: 'Oleg Other',
      role: 'specialist',
      email: 'looker@example.com',
      phone: null,
    })
    const cookie = shown.cookies.find((c) => c.name === 'last_invite')
    expect(cookie).toMatchObject({ value: token, httpOnly: true, path: '/api' })
    const last = await server.app.inject({
      method: 'GET',
      url: '/api/v1/invites/last',
      cookies: { last_invite: token },
    })
    expect(json(last).data).toEqual({ token, name: 'Oleg Other', company_title: 'Northern Barbers' })
    const forget = await post(server.app, '/invite_delete_last_invite_cookie')
    expect(forget.statusCode).toBe(200)
    expect(forget.cookies.find((c) => c.name === 'last_invite')?.value).toBe('')
    const none = await server.app.inject({ method: 'GET', url: '/api/v1/invites/last' })
    expect(json(none).data).toBeNull()
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/v1/invites/unknown-token-aaaaaaaaaaaaaaaa' }))
        .statusCode,
    ).toBe(404)
  })

  it('registers a new person through the invite, once', async () => {
    const { token } = await sendInvite({ email: 'newbie@example.com' })
    const form = {
      name: 'Nick Newbie',
      phone: '+7 900 222-33-44',
      email: 'newbie@example.com',
      password: 'a long new password',
      confirm_password: 'a long new password',
      oferta: true,
      confidential: true,
      info_notifications: false,
    }
    const url = `/user_invite_continue_register/${token}`
    const unchecked = await post(server.app, url, { ...form, oferta: false, confidential: false })
    expect(Object.keys(json(unchecked).meta.errors).sort()).toEqual(['confidential', 'oferta'])
    const otherEmail = await post(server.app, url, { ...form, email: 'someone-else@example.com' })
    expect(json(otherEmail).meta.errors.email).toEqual(['Use the e-mail the invitation was sent to'])
    const taken = await post(server.app, url, { ...form, phone: '79001234567' })
    expect(json(taken).meta.errors.phone).toBeDefined()
    const common = await post(server.app, url, {
      ...form,
      password: '12345678',
      confirm_password: '12345678',
    })
    expect(json(common).meta.errors.password).toBeDefined()

    const registered = await post(server.app, url, form)
    expect(registered.statusCode).toBe(201)
    const pair = json(registered).data
    const mine = await server.app.inject({
      method: 'GET',
      url: '/api/v1/companies',
      headers: bearer(pair.access_token),
    })
    expect(json(mine).data).toEqual([expect.objectContaining({ id: barbersId, user_role: 'specialist' })])

    const again = await post(server.app, url, { ...form, email: 'newbie@example.com', phone: '79002223345' })
    expect(again.statusCode).toBe(409)
    const status = await server.app.inject({ method: 'GET', url: `/api/v1/invites/${token}` })
    expect(json(status).data.status).toBe('accepted')
  })

  it('lets a signed-in user accept, idempotently, and refuses anyone else afterwards', async () => {
    const { token } = await sendInvite({ email: 'demo@example.com' }, 'manager')
    const demo = await signIn(server.app, DEMO.email, DEMO.password)
    const accept = (accessToken: string) =>
      post(server.app, `/invites/${token}/accept`, undefined, bearer(accessToken))
    const accepted = await accept(demo.access_token)
    expect(json(accepted).data).toEqual({ company_id: barbersId, role: 'manager' })
    expect((await accept(demo.access_token)).statusCode).toBe(200)
    const other = await signIn(server.app, OTHER.email, OTHER.password)
    expect((await accept(other.access_token)).statusCode).toBe(409)
    expect((await post(server.app, `/invites/${token}/accept`)).statusCode).toBe(401)
  })

  it('invites nobody to more than the sender may do, and tells an existing member the role they keep', async () => {
    // An administrator who may invite (the preset's rights plus the invitation flag), as the rights editor
    // would let the owner make them.
    const administrator = await addMember(server, barbersId, {
      role: 'administrator',
      overrides: { users_access: true, users_invite_access: true, users_rights_edit_access: true },
    })
    const before = await server.db.select().from(invites)
    const refused = async (role: string) => {
      const response = await invite({ email: 'climber@example.com', role }, administrator.token)
      expect(response.statusCode).toBe(422)
      expect(Object.keys(json(response).meta.errors)).toEqual(['role'])
    }
    await refused('owner')
    await refused('manager')
    await refused('accountant')
    expect(await server.db.select().from(invites)).toEqual(before)
    // A role within the administrator's rights goes out; sending it again is checked the same way.
    const sent = await invite({ email: 'colleague@example.com', role: 'specialist' }, administrator.token)
    expect(sent.statusCode).toBe(201)
    const managerInvite = await sendInvite({ email: 'future-manager@example.com' }, 'manager')
    const resend = (token: string) =>
      post(server.app, `/company/${barbersId}/invites/${managerInvite.id}/resend`, {}, bearer(token))
    expect((await resend(administrator.token)).statusCode).toBe(422)
    expect((await resend(ownerToken)).statusCode).toBe(200)
    // The owner accepting an invitation of their own company stays the owner, and the reply says so.
    const { token } = await sendInvite({ email: 'self@example.com' }, 'specialist')
    const accepted = await post(server.app, `/invites/${token}/accept`, undefined, bearer(ownerToken))
    expect(json(accepted).data).toEqual({ company_id: barbersId, role: 'owner' })
  })

  it('refuses expired and withdrawn invites with their own replies', async () => {
    const demo = await signIn(server.app, DEMO.email, DEMO.password)
    const expired = await sendInvite({ phone: '79005556677' })
    await server.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.id, expired.id))
    const shown = await server.app.inject({ method: 'GET', url: `/api/v1/invites/${expired.token}` })
    expect(json(shown).data.status).toBe('expired')
    const late = await post(
      server.app,
      `/invites/${expired.token}/accept`,
      undefined,
      bearer(demo.access_token),
    )
    expect(late.statusCode).toBe(410)

    const withdrawn = await sendInvite({ phone: '79005556688' })
    const revoke = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/company/${barbersId}/invites/${withdrawn.id}`,
      headers: bearer(ownerToken),
    })
    expect(json(revoke).data.status).toBe('revoked')
    const refused = await post(
      server.app,
      `/invites/${withdrawn.token}/accept`,
      undefined,
      bearer(demo.access_token),
    )
    expect(json(refused).meta.message).toBe('This invitation was withdrawn')
  })

  it('lists who sent each invite, and resends a pending one with a new link that replaces the old', async () => {
    const first = await sendInvite({ email: 'resend.me@example.com' })
    const listed = await server.app.inject({
      method: 'GET',
      url: `/api/v1/company/${barbersId}/invites`,
      headers: bearer(ownerToken),
    })
    const owner = await server.db.select().from(users).where(eq(users.email, OTHER.email))
    expect(json(listed).data.find((item: { id: number }) => item.id === first.id)).toMatchObject({
      status: 'pending',
      invited_by_name: owner[0]!.name,
    })
    // Almost expired: a resend gives the invite a full week again.
    await server.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(invites.id, first.id))

    const resend = (
      inviteId: number,
      token = ownerToken,
      companyId = barbersId,
      payload: unknown = { lang: 'en' },
    ) =>
      server.app.inject({
        method: 'POST',
        url: `/api/v1/company/${companyId}/invites/${inviteId}/resend`,
        headers: bearer(token),
        payload: payload as Record<string, unknown>,
      })
    const again = await resend(first.id)
    expect(again.statusCode).toBe(200)
    const message = await latestMessageTo(server.app, 'resend.me@example.com')
    const newToken = /\/en\/invite\/([\w-]+)/.exec(message!.text)![1]!
    expect(newToken).not.toBe(first.token)
    expect(json(again).data).toMatchObject({
      id: first.id,
      status: 'pending',
      dev_link: expect.stringContaining(newToken),
    })
    expect(new Date(json(again).data.expires_at).getTime() - Date.now()).toBeGreaterThan(
      6.9 * 24 * 3600 * 1000,
    )
    // The old link no longer opens the invite; the new one does.
    const old = await server.app.inject({ method: 'GET', url: `/api/v1/invites/${first.token}` })
    expect(old.statusCode).toBe(404)
    const fresh = await server.app.inject({ method: 'GET', url: `/api/v1/invites/${newToken}` })
    expect(json(fresh).data.status).toBe('pending')

    // Another company (not the sender's; the invite's id under a company its owner runs), an unknown invite and
    // bad input change nothing.
    const demoToken = (await signIn(server.app, DEMO.email, DEMO.password)).access_token
    expect((await resend(first.id, ownerToken, beautyId)).statusCode).toBe(404)
    expect((await resend(first.id, demoToken, beautyId)).statusCode).toBe(404)
    expect((await resend(999_999)).statusCode).toBe(404)
    expect((await resend(first.id, ownerToken, barbersId, { lang: 'de' })).statusCode).toBe(422)
    const still = await server.app.inject({ method: 'GET', url: `/api/v1/invites/${newToken}` })
    expect(json(still).data.status).toBe('pending')

    // A withdrawn invite is not sent again.
    await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/company/${barbersId}/invites/${first.id}`,
      headers: bearer(ownerToken),
    })
    const refused = await resend(first.id)
    expect(refused.statusCode).toBe(409)
    expect(json(refused).meta.message).toBe('This invitation was withdrawn')
  })

  it('offers the domain functions onboarding uses: pending invites by contact, and one winner when two race', async () => {
    const { id } = await sendInvite({ phone: '79009998877' })
    const pending = await listPendingInvitesFor(server.db, { phone: '79009998877', email: null })
    expect(pending).toEqual([
      expect.objectContaining({ id, companyTitle: 'Northern Barbers', inviterName: 'Oleg Other' }),
    ])
    expect(await listPendingInvitesFor(server.db, {})).toEqual([])
    const [demo] = await server.db.select().from(users).where(eq(users.email, DEMO.email))
    const [twofa] = await server.db.select().from(users).where(eq(users.email, 'twofa@example.com'))
    const results = await Promise.all([
      acceptInvite(server.db, id, demo!.id),
      acceptInvite(server.db, id, twofa!.id),
    ])
    expect(results.filter((result) => result.ok)).toHaveLength(1)
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: 'used' }])
    expect(await listPendingInvitesFor(server.db, { phone: '79009998877' })).toEqual([])
    expect(await acceptInvite(server.db, 999_999, demo!.id)).toEqual({ ok: false, reason: 'not-found' })
  })
})

describe.each(testDatabases())('invitation limit (%s)', (kind) => {
  const server = useTestServer(kind)

  it('sends at most 50 invitations an hour per user, even when asked in parallel', async () => {
    const token = (await signIn(server.app, OTHER.email, OTHER.password)).access_token
    const barbers = (await server.db.select().from(companies)).find(
      (row) => row.title === 'Northern Barbers',
    )!
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        server.app.inject({
          method: 'POST',
          url: `/api/v1/company/${barbers.id}/invites`,
          headers: bearer(token),
          payload: { email: `guest-${i}@example.com`, role: 'specialist', lang: 'en' },
        }),
      ),
    )
    expect(replies.filter((reply) => reply.statusCode === 201)).toHaveLength(50)
    const refused = replies.filter((reply) => reply.statusCode !== 201)
    expect(refused).toHaveLength(10)
    for (const reply of refused) {
      expect(reply.statusCode).toBe(429)
      expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0)
    }
    expect(await server.db.select().from(invites)).toHaveLength(50)
  })
})
