import { describe, expect, it } from 'vitest'
import { placeCities } from '../../server/db/schema'
import { countryIdOf } from '../../server/references/country-ids'
import {
  bearer,
  DEMO,
  json,
  OTHER,
  postSignIn,
  signIn,
  testDatabases,
  useTestServer,
} from '../support/server-harness'
import {
  answeredVisitor,
  confirmLatest,
  createInvite,
  messagesTo,
  newEmail,
  newPhone,
  Visitor,
} from './onboarding-driver'

describe.each(testDatabases())('onboarding journeys (%s)', (kind) => {
  const server = useTestServer(kind)

  it('a new visitor registers a company and signs in with the new password', async () => {
    const phone = newPhone()
    const email = newEmail()
    const visitor = new Visitor(server.app)
    const first = await visitor.first({ phone: phone.typed })
    expect(first.statusCode).toBe(200)
    const started = json(first).data
    expect(started.status).toBe('user_not_approved_by_phone')
    expect(started.confirmation_code_send_channel).toBe('call')
    expect(started.onboarding_progress.phone).toMatch(/^\+7 916\*+\d\d$/)
    expect(started.time_to_call).toBeGreaterThan(50)
    const id = started.onboarding_progress.id as number

    const confirmed = await confirmLatest(server.app, visitor, id, phone.digits)
    expect(confirmed.statusCode).toBe(200)
    expect(json(confirmed).data.status).toBe('user_new')

    const second = await visitor.step('second', id, {
      name: 'Anna',
      place_count: 1,
      company_title: 'Anna Beauty',
      position: 2,
    })
    expect(json(second).data.status).toBe('user_new_with_unfinished_onboarding')
    expect(json(second).data.onboarding_progress.last_completed_step).toBe(1)
    await visitor.step('third', id, {
      business_type_id: 101,
      staff_count: 3,
      is_provide_services_by_myself: false,
    })
    const fourth = await visitor.step('fourth', id, { country_id: 1, city_id: null, referral_source: 2 })
    expect(json(fourth).data.onboarding_progress).toMatchObject({
      last_completed_step: 3,
      company_title: 'Anna Beauty',
      business_type_id: 101,
      staff_count_id: 3,
      country_id: 1,
      referral_source_id: 2,
    })

    const finished = await visitor.call('POST', `/onboarding/continue_register/create_company/${id}`, {
      name: 'Anna Petrova',
      password: 'violet-sky-42',
      confirm_password: 'violet-sky-42',
      email,
      ab_group_percentage: 10,
    })
    expect(finished.statusCode).toBe(200)
    const completion = json(finished).data
    expect(completion.token_pair.access_token).toBeTruthy()
    expect(completion.is_individual).toBe(false)

    const companies = await server.app.inject({
      method: 'GET',
      url: '/api/v1/companies',
      headers: { authorization: `Bearer ${completion.token_pair.access_token}` },
    })
    expect(json(companies).data).toEqual([
      expect.objectContaining({
        id: completion.company.id,
        title: 'Anna Beauty',
        user_role: 'owner',
        country_id: 1,
      }),
    ])
    expect((await postSignIn(server.app, email, 'violet-sky-42')).statusCode).toBe(201)
    expect((await postSignIn(server.app, phone.typed, 'violet-sky-42')).statusCode).toBe(201)

    const after = await visitor.progress(id)
    expect(json(after).data).toMatchObject({
      status: 'user_with_companies',
      onboarding_progress: { is_completed: true },
      company: { id: completion.company.id },
    })
  })

  it('answers the questionnaire on a completed table only once: a second finish is refused', async () => {
    const { visitor, id } = await answeredVisitor(server.app)
    const body = {
      name: 'Oleg',
      password: 'maple-river-77',
      confirm_password: 'maple-river-77',
      email: newEmail(),
    }
    const [a, b] = await Promise.all([
      visitor.call('POST', `/onboarding/continue_register/create_company/${id}`, body),
      visitor.call('POST', `/onboarding/continue_register/create_company/${id}`, {
        ...body,
        email: newEmail(),
      }),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
  })

  it('confirms on another device by starting again with the same phone', async () => {
    const phone = newPhone()
    const laptop = new Visitor(server.app)
    const id = await laptop.start({ phone: phone.typed })
    await confirmLatest(server.app, laptop, id, phone.digits)
    await laptop.step('second', id, { name: 'Ira', place_count: 3 })

    const mobile = new Visitor(server.app)
    const step = await mobile.step('third', id, {
      business_group_id: 1,
      staff_count: 1,
      is_provide_services_by_myself: true,
    })
    expect(step.statusCode).toBe(403)
    expect(await mobile.start({ phone: phone.typed })).toBe(id)
    expect(
      (
        await mobile.step('third', id, {
          business_group_id: 1,
          staff_count: 1,
          is_provide_services_by_myself: true,
        })
      ).statusCode,
    ).toBe(409)
    expect(json(await mobile.progress(id)).data.status).toBe('user_not_approved_by_phone')
  })

  it('an individual practitioner registers through the newer table, in the time zone and currency of her city', async () => {
    // A Russian phone, and Berlin as the city the newer table asks for: the company is a Berlin one.
    const berlin = { id: 990_101, countryId: countryIdOf('DE') }
    await server.db
      .insert(placeCities)
      .values({ ...berlin, population: 3_600_000, latitude: 52.52, longitude: 13.4, names: { en: 'Berlin' } })
      .onConflictDoNothing()
    const phone = newPhone()
    const visitor = new Visitor(server.app)
    const id = await visitor.start({ phone: phone.typed, version: 4, email: newEmail() })
    await confirmLatest(server.app, visitor, id, phone.digits)
    const second = await visitor.step('second', id, {
      name: 'Lena',
      place_count: 3,
      city_id: berlin.id,
      version: 4,
    })
    expect(json(second).data.onboarding_progress).toMatchObject({ position: 1, place_count_id: 3 })
    const third = await visitor.step('third', id, {
      business_group_id: 4,
      staff_count: 1,
      is_provide_services_by_myself: true,
      version: 4,
    })
    expect(third.statusCode).toBe(200)
    await visitor.step('fourth', id, { purposes: [21, 11], custom_purpose: 'Sell gift boxes', version: 4 })
    const fifth = await visitor.step('fifth', id, { purposes: [22, 23] })
    expect(json(fifth).data.onboarding_progress).toMatchObject({
      last_completed_step: 4,
      purposes: [21, 11],
      custom_purpose: 'Sell gift boxes',
      fifth_step_purposes: [22, 23],
      fifth_step_custom_purpose: null,
    })

    const finished = await visitor.call('POST', `/onboarding/continue_register/create_company/${id}`, {
      name: 'Lena',
      password: 'quiet-harbour-9',
      confirm_password: 'quiet-harbour-9',
    })
    expect(finished.statusCode).toBe(200)
    expect(json(finished).data).toMatchObject({ is_individual: true, joined_company_ids: [] })
    const companies = await server.app.inject({
      method: 'GET',
      url: '/api/v1/companies',
      headers: bearer(json(finished).data.token_pair.access_token),
    })
    expect(json(companies).data[0]).toMatchObject({
      title: 'Lena',
      user_role: 'owner',
      country_id: berlin.countryId,
      timezone: 'Europe/Berlin',
      currency_short_title: 'EUR',
    })
  })

  it('a visitor invited by phone joins the company instead of creating one', async () => {
    const phone = newPhone()
    const invite = await createInvite(server.db, { phone: phone.digits })
    const visitor = new Visitor(server.app)
    const id = await visitor.start({ phone: phone.typed })
    expect(json(await visitor.call('GET', '/onboarding/invites')).data).toEqual([])
    const confirmed = await confirmLatest(server.app, visitor, id, phone.digits)
    expect(json(confirmed).data.has_pending_invites).toBe(true)

    const listed = await visitor.call('GET', `/onboarding/invites?phone=${encodeURIComponent(phone.typed)}`)
    expect(json(listed).data).toEqual([
      expect.objectContaining({
        id: invite.id,
        company: expect.objectContaining({ id: invite.companyId }),
        role: 'administrator',
      }),
    ])
    // Someone else asking about the same phone learns nothing.
    const stranger = await new Visitor(server.app).call(
      'GET',
      `/onboarding/invites?phone=${encodeURIComponent(phone.typed)}`,
    )
    expect(json(stranger).data).toEqual([])

    const joined = await visitor.call('POST', `/onboarding/continue_register/accept_invites/${id}`, {
      name: 'Pavel',
      password: 'green-lantern-5',
      confirm_password: 'green-lantern-5',
      email: newEmail(),
    })
    expect(joined.statusCode).toBe(200)
    expect(json(joined).data).toMatchObject({ company: null, joined_company_ids: [invite.companyId] })
    const companies = await server.app.inject({
      method: 'GET',
      url: '/api/v1/companies',
      headers: bearer(json(joined).data.token_pair.access_token),
    })
    expect(json(companies).data).toEqual([
      expect.objectContaining({ id: invite.companyId, user_role: 'administrator' }),
    ])
  })

  it('a signed-in visitor skips the code, creates another company, and joins by invite', async () => {
    const pair = await signIn(server.app, OTHER.email, OTHER.password)
    const visitor = new Visitor(server.app)
    visitor.accessToken = pair.access_token
    const first = await visitor.first({})
    expect(first.statusCode).toBe(200)
    expect(json(first).data).toMatchObject({ status: 'user_with_companies', user: { id: pair.user.id } })
    expect(await messagesTo(server.app, OTHER.email)).toEqual([])
    const id = json(first).data.onboarding_progress.id as number
    for (const [name, body] of [
      ['second', { name: 'Igor', place_count: 2, company_title: 'Northern Barbers 2', position: 1 }],
      ['third', { business_type_id: 201, staff_count: 4, is_provide_services_by_myself: false }],
      ['fourth', { country_id: 1538, city_id: null, referral_source: 3 }],
    ] as const) {
      expect((await visitor.step(name, id, body)).statusCode).toBe(200)
    }
    const created = await visitor.call('POST', `/onboarding/create_company/${id}`, {
      ab_group_percentage: 70,
    })
    expect(created.statusCode).toBe(200)
    expect(json(created).data).toMatchObject({ token_pair: null, user: { id: pair.user.id } })
    const companies = json(
      await server.app.inject({
        method: 'GET',
        url: '/api/v1/companies',
        headers: bearer(pair.access_token),
      }),
    ).data
    expect(companies).toContainEqual(
      expect.objectContaining({
        title: 'Northern Barbers 2',
        user_role: 'owner',
        country_id: 1538,
        timezone: 'America/New_York',
      }),
    )

    const invite = await createInvite(server.db, { email: OTHER.email }, 'manager')
    const again = await visitor.first({})
    const joinId = json(again).data.onboarding_progress.id as number
    const outsider = new Visitor(server.app)
    outsider.accessToken = (await signIn(server.app, DEMO.email, DEMO.password)).access_token
    expect((await outsider.call('POST', `/onboarding/join/${joinId}`)).statusCode).toBe(403)
    const joined = await visitor.call('POST', `/onboarding/join/${joinId}`)
    expect(json(joined).data.joined_company_ids).toEqual([invite.companyId])
    expect((await visitor.call('POST', `/onboarding/join/${joinId}`)).statusCode).toBe(409)
  })
})
