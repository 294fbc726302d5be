import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountsSchema } from '../../contract/accounts/schemas'
import {
  appointmentListSchema,
  appointmentSchema,
  paymentOptionsSchema,
  workingHoursExceptionSchema,
} from '../../contract/appointments/schemas'
import { ErrorCode } from '../../contract/error-codes'
import {
  accounts,
  accountTransactions,
  appointmentPayments,
  serviceCategories,
  services,
  staff,
} from '../../server/db/schema'
import { createTestServer, json, testDatabases, type TestServer } from '../support/server-harness'
import {
  addMember,
  call,
  demoCompanies,
  expectInvalid,
  expectOk,
  type DemoCompanies,
} from './business-api-helpers'

/**
 * Marking a visit paid takes its payment into one of the company's accounts, in one transaction with the status,
 * and the rights object's account list (restricted_account_ids) decides which accounts a member may use.
 */
describe.each(testDatabases())('appointment payments (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  let company: number
  let staffId: number
  let cutService: number
  let washService: number
  let cash: number
  let bank: number
  let otherCompanyAccount: number
  /** A receptionist who may take payments into the front desk cash only. */
  let cashier: string
  let cashierId: number
  const day = '2030-02-04'

  const accountOf = async (companyId: number, title: string) => {
    const [row] = await server.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.companyId, companyId), eq(accounts.title, title)))
    return row!.id
  }

  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
    company = demo.tverskaya
    cash = await accountOf(company, 'Front desk cash')
    bank = await accountOf(company, 'Sberbank account')
    otherCompanyAccount = await accountOf(demo.northern, 'Cash box')
    const [category] = await server.db
      .insert(serviceCategories)
      .values({ companyId: company, title: 'Payment tests' })
      .returning()
    const [member] = await server.db
      .insert(staff)
      .values({ companyId: company, name: 'Paula Payments' })
      .returning()
    staffId = member!.id
    const [cut] = await server.db
      .insert(services)
      .values({
        companyId: company,
        categoryId: category!.id,
        title: 'Pay cut',
        duration: 1800,
        priceMin: 2500,
        priceMax: 3000,
      })
      .returning()
    const [wash] = await server.db
      .insert(services)
      .values({
        companyId: company,
        categoryId: category!.id,
        title: 'Pay wash',
        duration: 900,
        priceMin: 700,
        priceMax: 700,
      })
      .returning()
    cutService = cut!.id
    washService = wash!.id
    expectOk(
      await call(server, 'PUT', `/company/${company}/staff/${staffId}/working_hours_exceptions/${day}`, {
        token: demo.demoToken,
        body: { intervals: [{ start: '09:00', end: '21:00' }] },
      }),
      workingHoursExceptionSchema,
    )
    const added = await addMember(server, company, {
      role: 'administrator',
      overrides: {
        timetable_access: true,
        record_form_access: true,
        record_finances_payment_access: true,
        restricted_account_ids: [cash],
      },
    })
    cashier = added.token
    cashierId = added.userId
  })
  afterAll(() => server.close())

  const url = (path = '') => `/company/${company}/appointments${path}`
  let nextHour = 9
  /** A new appointment of the cut and the wash, already marked arrived by the owner. */
  const arrivedVisit = async () => {
    const hour = String(nextHour).padStart(2, '0')
    nextHour += 1
    const created = expectOk(
      await call(server, 'POST', url(), {
        token: demo.demoToken,
        body: { staff_id: staffId, service_ids: [cutService, washService], start_at: `${day}T${hour}:00` },
      }),
      appointmentSchema,
      201,
    )
    expectOk(
      await call(server, 'PUT', url(`/${created.id}/status`), {
        token: demo.demoToken,
        body: { status: 'arrived' },
      }),
      appointmentSchema,
    )
    return created
  }
  const pay = (id: number, body: unknown, token = cashier) =>
    call(server, 'PUT', url(`/${id}/status`), { token, body })
  const paymentRows = (appointmentId: number) =>
    server.db.select().from(appointmentPayments).where(eq(appointmentPayments.appointmentId, appointmentId))
  const balances = async () =>
    expectOk(
      await call(server, 'GET', `/accounts/${company}/?include=balance`, { token: demo.demoToken }),
      accountsSchema,
    ).map(({ id, balance }) => ({ id, balance }))
  /** The appointment as the book's list reads it back. */
  const readBack = async (id: number) =>
    expectOk(
      await call(server, 'GET', `${url()}?date=${day}&staff_id=${staffId}`, { token: demo.demoToken }),
      appointmentListSchema,
    ).appointments.find((row) => row.id === id)

  it('offers the whole company\u2019s accounts to the owner and only the listed ones to a limited member', async () => {
    const owner = expectOk(
      await call(server, 'GET', url('/payment-options'), { token: demo.demoToken }),
      paymentOptionsSchema,
    )
    expect(owner.limited).toBe(false)
    expect(owner.accounts.map((account) => account.id)).toEqual([cash, bank])
    expect(owner.payment_methods.map((method) => method.slug)).toEqual(['cash', 'card', 'transfer'])
    const limited = expectOk(
      await call(server, 'GET', url('/payment-options'), { token: cashier }),
      paymentOptionsSchema,
    )
    expect(limited).toMatchObject({
      limited: true,
      accounts: [{ id: cash, title: 'Front desk cash', type: 'cash' }],
    })
    // A list that names only another company's account leaves nothing to pay into.
    const stranger = await addMember(server, company, {
      role: 'administrator',
      overrides: { record_finances_payment_access: true, restricted_account_ids: [otherCompanyAccount] },
    })
    const none = expectOk(
      await call(server, 'GET', url('/payment-options'), { token: stranger.token }),
      paymentOptionsSchema,
    )
    expect(none).toMatchObject({ limited: true, accounts: [] })
    const without = await addMember(server, company, {
      role: 'administrator',
      overrides: { record_finances_payment_access: false },
    })
    expect((await call(server, 'GET', url('/payment-options'), { token: without.token })).statusCode).toBe(
      403,
    )
  })

  it('marks the visit paid and stores one payment into an allowed account, which the balance shows', async () => {
    const visit = await arrivedVisit()
    expect(visit.price).toBe(3200)
    expect(visit.payment).toBeNull()
    const before = await balances()
    const paid = expectOk(
      await pay(visit.id, {
        status: 'paid',
        payment: { amount: 3150.5, account_id: cash, payment_method: 'card' },
      }),
      appointmentSchema,
    )
    expect(paid.status).toBe('paid')
    expect(paid.payment).toMatchObject({
      amount: 3150.5,
      account_id: cash,
      account_title: 'Front desk cash',
      payment_method: 'card',
      taken_by: cashierId,
    })
    const rows = await paymentRows(visit.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      companyId: company,
      accountId: cash,
      amount: '3150.50',
      takenBy: cashierId,
    })
    const after = await balances()
    const cashBefore = before.find((account) => account.id === cash)!.balance ?? 0
    expect(after.find((account) => account.id === cash)!.balance).toBeCloseTo(cashBefore + 3150.5, 2)
    expect(after.find((account) => account.id === bank)).toEqual(
      before.find((account) => account.id === bank),
    )
    // The list shows the payment too, as the book's details read it.
    expect((await readBack(visit.id))?.payment).toMatchObject({
      amount: 3150.5,
      account_title: 'Front desk cash',
    })
  })

  it('refuses an account outside the list, another company\u2019s, a missing one, bad amounts and methods, changing nothing', async () => {
    const visit = await arrivedVisit()
    const before = await balances()
    const transactionsBefore = (await server.db.select().from(accountTransactions)).length
    const refusals: [unknown, string][] = [
      [{ status: 'paid', payment: { amount: 100, account_id: bank } }, 'payment.account_id'],
      [{ status: 'paid', payment: { amount: 100, account_id: otherCompanyAccount } }, 'payment.account_id'],
      [{ status: 'paid', payment: { amount: 100, account_id: 999_999 } }, 'payment.account_id'],
      [{ status: 'paid', payment: { amount: -1, account_id: cash } }, 'payment.amount'],
      [{ status: 'paid', payment: { amount: '100', account_id: cash } }, 'payment.amount'],
      [{ status: 'paid', payment: { amount: 10.005, account_id: cash } }, 'payment.amount'],
      [{ status: 'paid', payment: { amount: 1e12, account_id: cash } }, 'payment.amount'],
      [
        { status: 'paid', payment: { amount: 100, account_id: cash, payment_method: 'barter' } },
        'payment.payment_method',
      ],
      [{ status: 'paid' }, 'payment'],
      [{ status: 'arrived', payment: { amount: 100, account_id: cash } }, 'payment'],
      [{ status: 'paid', payment: { amount: 100, account_id: cash, tip: 5 } }, 'payment.tip'],
    ]
    for (const [body, field] of refusals) {
      const reply = await pay(visit.id, body)
      expect(reply.statusCode, JSON.stringify(body)).toBe(422)
      expectInvalid(reply, [field])
    }
    // The owner is not limited, yet another company's account is still not theirs to pay into.
    expectInvalid(
      await pay(
        visit.id,
        { status: 'paid', payment: { amount: 100, account_id: otherCompanyAccount } },
        demo.demoToken,
      ),
      ['payment.account_id'],
    )
    expect((await readBack(visit.id))?.status).toBe('arrived')
    expect(await paymentRows(visit.id)).toHaveLength(0)
    expect((await server.db.select().from(accountTransactions)).length).toBe(transactionsBefore)
    expect(await balances()).toEqual(before)
  })

  it('refuses a member without the payment right with 403', async () => {
    const visit = await arrivedVisit()
    const member = await addMember(server, company, {
      role: 'administrator',
      overrides: { record_form_access: true, record_finances_payment_access: false },
    })
    const reply = await pay(
      visit.id,
      { status: 'paid', payment: { amount: 100, account_id: cash } },
      member.token,
    )
    expect(reply.statusCode).toBe(403)
    expect(await paymentRows(visit.id)).toHaveLength(0)
  })

  it('stores one payment when the same visit is paid ten times at once; the others get 409', async () => {
    const visit = await arrivedVisit()
    const transactionsBefore = (await server.db.select().from(accountTransactions)).length
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        pay(visit.id, { status: 'paid', payment: { amount: 3200, account_id: cash } }),
      ),
    )
    const others = replies.filter((reply) => reply.statusCode !== 200 && reply.statusCode !== 409)
    expect(others.map((reply) => `${reply.statusCode} ${reply.body.slice(0, 200)}`)).toEqual([])
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(1)
    for (const reply of replies.filter((item) => item.statusCode === 409)) {
      expect(json(reply).errors).toMatchObject({ code: ErrorCode.appointmentStatusForbidden })
    }
    expect(await paymentRows(visit.id)).toHaveLength(1)
    expect((await server.db.select().from(accountTransactions)).length).toBe(transactionsBefore + 1)
  })
})
