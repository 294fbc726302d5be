import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { companyStateSchema } from '../../contract/license/company-state-schemas'
import {
  addStaffCalculationSchema,
  LicenseOption,
  licenseReplySchema,
  licenseSchema,
} from '../../contract/license/schemas'
import { licenses } from '../../server/db/schema'
import { createTestServer, json, testDatabases, type TestServer } from '../support/server-harness'
import {
  addMember,
  call,
  demoCompanies,
  invalidFields,
  expectOk,
  type DemoCompanies,
} from './business-api-helpers'
import { answeredVisitor, newEmail } from './onboarding-driver'

describe.each(testDatabases())('licence and company state (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  let managerToken: string
  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
    // A manager may see the licence but not buy anything for it.
    managerToken = (await addMember(server, demo.tverskaya, { role: 'manager' })).token
  })
  afterAll(() => server.close())

  it('answers the licence with its options, and an empty array for a company without one', async () => {
    const license = expectOk(
      await call(server, 'GET', `/license/${demo.tverskaya}`, { token: demo.demoToken }),
      licenseSchema,
    )
    expect(license).toMatchObject({
      company_id: demo.tverskaya,
      tariff: 'Business',
      staff_limit: 10,
      is_active: true,
      options: [],
    })
    const none = await call(server, 'GET', `/license/${demo.northern}`, { token: demo.otherToken })
    expect(json(none).data).toEqual([])
    expect(expectOk(none, licenseReplySchema)).toBeNull()
  })

  it('prices additional staff seats for the days left', async () => {
    const reply = await call(server, 'GET', `/license/${demo.arbat}/add_staff/calculate?amount=2`, {
      token: demo.demoToken,
    })
    const calculation = expectOk(reply, addStaffCalculationSchema)
    expect(calculation.amount).toBe(2)
    expect(calculation.price_per_staff).toBe(500)
    expect(calculation.days_left).toBeGreaterThanOrEqual(45)
    expect(calculation.days_left).toBeLessThanOrEqual(46)
    expect(calculation.total).toBe(Math.round((500 * 2 * calculation.days_left) / 30))
  })

  it('validates the calculation query', async () => {
    for (const query of ['', '?amount=0', '?amount=abc', '?amount=1001']) {
      expect(
        invalidFields(
          await call(server, 'GET', `/license/${demo.arbat}/add_staff/calculate${query}`, {
            token: demo.demoToken,
          }),
        ),
      ).toEqual(['amount'])
    }
  })

  it('adds options, summing concurrent purchases of one option into one row', async () => {
    const add = (amount: number) =>
      call(server, 'POST', `/license/${demo.arbat}/options/add`, {
        token: demo.demoToken,
        body: { option_id: LicenseOption.ADDITIONAL_STAFF, amount },
      })
    const replies = await Promise.all([add(1), add(2), add(3)])
    for (const reply of replies) expect(reply.statusCode).toBe(200)
    const license = expectOk(
      await call(server, 'GET', `/license/${demo.arbat}`, { token: demo.demoToken }),
      licenseSchema,
    )
    expect(license.options).toEqual([{ option_id: 6, amount: 6 }])
    expect(license.staff_limit).toBe(5 + 6)
    const sms = expectOk(
      await call(server, 'POST', `/license/${demo.arbat}/options/add`, {
        token: demo.demoToken,
        body: { option_id: 1, amount: 1 },
      }),
      licenseSchema,
    )
    expect(sms.options).toEqual([
      { option_id: 1, amount: 1 },
      { option_id: 6, amount: 6 },
    ])
  })

  it('validates an option purchase and changes nothing', async () => {
    const before = json(
      await call(server, 'GET', `/license/${demo.tverskaya}`, { token: demo.demoToken }),
    ).data
    const post = (body: unknown) =>
      call(server, 'POST', `/license/${demo.tverskaya}/options/add`, { token: demo.demoToken, body })
    expect(invalidFields(await post({ option_id: 7, amount: 1 }))).toEqual(['option_id'])
    expect(invalidFields(await post({ option_id: 2, amount: 0 }))).toEqual(['amount'])
    expect(invalidFields(await post({ option_id: '2', amount: 1.5 }))).toEqual(['amount', 'option_id'])
    expect(
      json(await call(server, 'GET', `/license/${demo.tverskaya}`, { token: demo.demoToken })).data,
    ).toEqual(before)
  })

  it('refuses to extend a missing or expired licence with 409', async () => {
    const none = await call(server, 'POST', `/license/${demo.northern}/options/add`, {
      token: demo.otherToken,
      body: { option_id: 2, amount: 1 },
    })
    expect(none.statusCode).toBe(409)
    expect(json(none).meta.message).toBe('The company has no licence')
    const noneCalc = await call(server, 'GET', `/license/${demo.northern}/add_staff/calculate?amount=1`, {
      token: demo.otherToken,
    })
    expect(noneCalc.statusCode).toBe(409)
  })

  it('reads an expired licence as inactive and refuses to extend it', async () => {
    const [row] = await server.db.select().from(licenses).where(eq(licenses.companyId, demo.tverskaya))
    await server.db
      .update(licenses)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(licenses.id, row!.id))
    try {
      const license = expectOk(
        await call(server, 'GET', `/license/${demo.tverskaya}`, { token: demo.demoToken }),
        licenseSchema,
      )
      expect(license.is_active).toBe(false)
      const reply = await call(server, 'POST', `/license/${demo.tverskaya}/options/add`, {
        token: demo.demoToken,
        body: { option_id: 2, amount: 1 },
      })
      expect(reply.statusCode).toBe(409)
      expect(json(reply).meta.message).toBe('The licence has expired')
    } finally {
      await server.db.update(licenses).set({ expiresAt: row!.expiresAt }).where(eq(licenses.id, row!.id))
    }
  })

  it('lets a manager read the licence but not buy options', async () => {
    expect(
      (await call(server, 'GET', `/license/${demo.tverskaya}`, { token: managerToken })).statusCode,
    ).toBe(200)
    const buy = await call(server, 'POST', `/license/${demo.tverskaya}/options/add`, {
      token: managerToken,
      body: { option_id: 2, amount: 1 },
    })
    expect(buy.statusCode).toBe(403)
    expect(
      (
        await call(server, 'GET', `/license/${demo.tverskaya}/add_staff/calculate?amount=1`, {
          token: managerToken,
        })
      ).statusCode,
    ).toBe(403)
  })

  it('answers the company state with its defaults and the licence', async () => {
    const tverskaya = expectOk(
      await call(server, 'GET', `/company/${demo.tverskaya}/state`, { token: demo.demoToken }),
      companyStateSchema,
    )
    expect(tverskaya).toMatchObject({
      storage_settings: { allow_overselling: true },
      sms_sender_name: 'BeautyLine',
      analytics_lost_threshold: 60,
      default_country_id: 1,
      license: { tariff: 'Business' },
    })
    const arbat = expectOk(
      await call(server, 'GET', `/company/${demo.arbat}/state`, { token: demo.demoToken }),
      companyStateSchema,
    )
    expect(arbat.storage_settings.allow_overselling).toBe(false)
    const northernReply = await call(server, 'GET', `/company/${demo.northern}/state`, {
      token: demo.otherToken,
    })
    expect(json(northernReply).data.license).toEqual([])
    expect(expectOk(northernReply, companyStateSchema)).toEqual({
      storage_settings: { allow_overselling: true },
      sms_sender_name: null,
      analytics_lost_threshold: 0,
      default_country_id: null,
      license: null,
    })
  })

  // Runs last: it gives Northern Barbers, the company without a licence that the tests above read, its trial.
  it('starts a 14-day trial once for a company without a licence, only for whoever may buy', async () => {
    const manager = (await addMember(server, demo.northern, { role: 'manager' })).token
    const refused = await call(server, 'POST', `/license/${demo.northern}/trial`, { token: manager })
    expect(refused.statusCode).toBe(403)
    expect(
      expectOk(
        await call(server, 'GET', `/license/${demo.northern}`, { token: demo.otherToken }),
        licenseReplySchema,
      ),
    ).toBeNull()

    const before = Date.now()
    const replies = await Promise.all(
      [1, 2].map(() => call(server, 'POST', `/license/${demo.northern}/trial`, { token: demo.otherToken })),
    )
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409])
    const trial = expectOk(
      replies.find((reply) => reply.statusCode === 201)!,
      licenseSchema,
      201,
    )
    expect(trial).toMatchObject({
      company_id: demo.northern,
      tariff: 'Trial',
      staff_limit: 5,
      is_active: true,
    })
    const days = (Date.parse(trial.expires_at) - Date.parse(trial.starts_at)) / 86_400_000
    expect(days).toBe(14)
    expect(Date.parse(trial.starts_at)).toBeGreaterThanOrEqual(before - 1000)

    // The trial can be extended like any licence; a company that had a licence cannot start another trial.
    expect(
      (
        await call(server, 'POST', `/license/${demo.northern}/options/add`, {
          token: demo.otherToken,
          body: { option_id: 1, amount: 1 },
        })
      ).statusCode,
    ).toBe(200)
    const again = await call(server, 'POST', `/license/${demo.tverskaya}/trial`, { token: demo.demoToken })
    expect(again.statusCode).toBe(409)
    expect(json(again).meta.message).toBe('The company already has or had a licence')
  })

  it('gives a company created through onboarding a trial licence', async () => {
    const { visitor, id } = await answeredVisitor(server.app)
    const created = await visitor.call('POST', `/onboarding/continue_register/create_company/${id}`, {
      name: 'Anna',
      password: 'violet-sky-42',
      confirm_password: 'violet-sky-42',
      email: newEmail(),
    })
    expect(created.statusCode, created.body).toBeLessThan(300)
    const [row] = await server.db.select().from(licenses).orderBy(desc(licenses.id)).limit(1)
    expect(row).toMatchObject({ tariff: 'Trial', staffLimit: 5 })
    expect(row!.companyId).not.toBe(demo.northern)
    expect((row!.expiresAt.getTime() - row!.startsAt.getTime()) / 86_400_000).toBe(14)
  })
})
