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
  appointmentRefunds,
  serviceCategories,
  services,
  staff,
  users,
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
 * A paid visit's payment is given back by a refund: a separate operation with its own expense transaction, shown
 * under the payment; refunded in full, the visit is back to arrived. Never more than was paid, even at once.
 */
describe.each(testDatabases())('appointment refunds (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  let company: number
  let staffId: number
  let cutService: number
  let cash: number
  let bank: number
  let otherCompanyAccount: number
  /** A receptionist who may take payments into (and refund out of) the front desk cash only. */
  let cashier: string
  let cashierId: number
  let cashierName: string
  const day = '2030-02-05'

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
      .values({ companyId: company, title: 'Refund tests' })
      .returning()
    const [member] = await server.db
      .insert(staff)
      .values({ companyId: company, name: 'Rita Refunds' })
      .returning()
    staffId = member!.id
    const [cut] = await server.db
      .insert(services)
      .values({
        companyId: company,
        categoryId: category!.id,
        title: 'Refund cut',
        duration: 1800,
        priceMin: 3200,
        priceMax: 3200,
      })
      .returning()
    cutService = cut!.id
    expectOk(
      await call(server, 'PUT', `/company/${company}/staff/${staffId}/working_hours_exceptions/${day}`, {
        token: demo.demoToken,
        body: { intervals: [{ start: '08:00', end: '22:00' }] },
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
    const [user] = await server.db.select({ name: users.name }).from(users).where(eq(users.id, cashierId))
    cashierName = user!.name
  })
  afterAll(() => server.close())

  const url = (path = '') => `/company/${company}/appointments${path}`
  let nextSlot = 0
  /** A new visit of the cut, marked arrived by the owner and paid by the cashier into the cash. */
  const paidVisit = async (amount = 3200, paymentMethod?: string) => {
    const minutes = 8 * 60 + nextSlot * 30
    nextSlot += 1
    const at = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
    const created = expectOk(
      await call(server, 'POST', url(), {
        token: demo.demoToken,
        body: { staff_id: staffId, service_ids: [cutService], start_at: `${day}T${at}` },
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
    const payment = { amount, account_id: cash, ...(paymentMethod ? { payment_method: paymentMethod } : {}) }
    return expectOk(
      await call(server, 'PUT', url(`/${created.id}/status`), {
        token: cashier,
        body: { status: 'paid', payment },
      }),
      appointmentSchema,
    )
  }
  const refund = (id: number, body: unknown, token = cashier) =>
    call(server, 'POST', url(`/${id}/refunds`), { token, body })
  const refundRows = (appointmentId: number) =>
    server.db.select().from(appointmentRefunds).where(eq(appointmentRefunds.appointmentId, appointmentId))
  const paymentRows = (appointmentId: number) =>
    server.db.select().from(appointmentPayments).where(eq(appointmentPayments.appointmentId, appointmentId))
  const transactionCount = async () => (await server.db.select().from(accountTransactions)).length
  const balanceOf = async (accountId: number) =>
    expectOk(
      await call(server, 'GET', `/accounts/${company}/?include=balance`, { token: demo.demoToken }),
      accountsSchema,
    ).find((account) => account.id === accountId)!.balance ?? 0
  /** The appointment as the book's list reads it back. */
  const readBack = async (id: number) =>
    expectOk(
      await call(server, 'GET', `${url()}?date=${day}&staff_id=${staffId}`, { token: demo.demoToken }),
      appointmentListSchema,
    ).appointments.find((row) => row.id === id)!

  it('refunds the whole payment by default: an expense of the account, the visit back to arrived, paid again later', async () => {
    const visit = await paidVisit(3200)
    const cashBefore = await balanceOf(cash)
    const refunded = expectOk(await refund(visit.id, { account_id: cash }), appointmentSchema, 201)
    expect(refunded.status).toBe('arrived')
    expect(refunded.payment).toMatchObject({ amount: 3200, refunded: 3200 })
    expect(refunded.payment!.refunds).toEqual([
      {
        id: expect.any(Number) as number,
        amount: 3200,
        account_id: cash,
        account_title: 'Front desk cash',
        reason: '',
        refunded_by: cashierId,
        refunded_by_name: cashierName,
        refunded_at: expect.any(String) as string,
      },
    ])
    expect(await balanceOf(cash)).toBeCloseTo(cashBefore - 3200, 2)
    const [row] = await refundRows(visit.id)
    const [expense] = await server.db
      .select()
      .from(accountTransactions)
      .where(eq(accountTransactions.id, row!.transactionId))
    expect(expense).toMatchObject({ companyId: company, accountId: cash, amount: '-3200.00' })
    // Back at arrived, the visit is paid again like any other; the new payment is the one shown.
    const again = expectOk(
      await call(server, 'PUT', url(`/${visit.id}/status`), {
        token: cashier,
        body: { status: 'paid', payment: { amount: 3000, account_id: cash } },
      }),
      appointmentSchema,
    )
    expect(again.status).toBe('paid')
    expect(again.payment).toMatchObject({ amount: 3000, refunded: 0, refunds: [] })
    expect(await paymentRows(visit.id)).toHaveLength(2)
  })

  it('refunds in parts, with reasons, keeping the visit paid until all of it is back and never more', async () => {
    const options = expectOk(
      await call(server, 'GET', url('/payment-options'), { token: demo.demoToken }),
      paymentOptionsSchema,
    )
    const card = options.payment_methods.find((method) => method.slug === 'card')!
    const visit = await paidVisit(3000, 'card')
    expect(visit.payment).toMatchObject({ payment_method: 'card', payment_method_title: card.title })
    const first = expectOk(
      await refund(visit.id, { amount: 1000, account_id: cash, reason: '  Client unhappy with the fringe ' }),
      appointmentSchema,
      201,
    )
    expect(first.status).toBe('paid')
    expect(first.payment).toMatchObject({
      refunded: 1000,
      refunds: [{ amount: 1000, reason: 'Client unhappy with the fringe' }],
    })
    // The owner may refund out of another account than the payment went into.
    const transactionsBefore = await transactionCount()
    const tooMuch = await refund(visit.id, { amount: 2000.01, account_id: bank }, demo.demoToken)
    expect(tooMuch.statusCode).toBe(409)
    expect(json(tooMuch).errors).toMatchObject({ code: ErrorCode.refundExceedsPayment, refundable: 2000 })
    expect(await transactionCount()).toBe(transactionsBefore)
    const bankBefore = await balanceOf(bank)
    const last = expectOk(
      await refund(visit.id, { amount: 2000, account_id: bank }, demo.demoToken),
      appointmentSchema,
      201,
    )
    expect(last.status).toBe('arrived')
    expect(await balanceOf(bank)).toBeCloseTo(bankBefore - 2000, 2)
    const shown = await readBack(visit.id)
    expect(shown.payment).toMatchObject({
      amount: 3000,
      refunded: 3000,
      payment_method_title: card.title,
      refunds: [
        { amount: 1000, account_title: 'Front desk cash', refunded_by: cashierId },
        { amount: 2000, account_title: 'Sberbank account', reason: '' },
      ],
    })
    // Nothing is left: another refund is refused, the visit no longer paid.
    const more = await refund(visit.id, { account_id: cash })
    expect(more.statusCode).toBe(409)
    expect(json(more).errors).toMatchObject({ code: ErrorCode.appointmentStatusForbidden })
  })

  it('refuses bad input, accounts the member may not use and visits that are not paid, changing nothing', async () => {
    const visit = await paidVisit(3200)
    const transactionsBefore = await transactionCount()
    const refusals: [unknown, string][] = [
      [{ account_id: bank }, 'account_id'],
      [{ account_id: otherCompanyAccount }, 'account_id'],
      [{ account_id: 999_999 }, 'account_id'],
      [{}, 'account_id'],
      [{ account_id: cash, amount: 0 }, 'amount'],
      [{ account_id: cash, amount: -5 }, 'amount'],
      [{ account_id: cash, amount: '100' }, 'amount'],
      [{ account_id: cash, amount: 10.005 }, 'amount'],
      [{ account_id: cash, reason: 'x'.repeat(501) }, 'reason'],
      [{ account_id: cash, reason: 5 }, 'reason'],
      [{ account_id: cash, tip: 5 }, 'tip'],
    ]
    for (const [body, field] of refusals) {
      const reply = await refund(visit.id, body)
      expect(reply.statusCode, JSON.stringify(body)).toBe(422)
      expectInvalid(reply, [field])
    }
    // The owner is not limited, yet another company's account is still not theirs.
    expectInvalid(await refund(visit.id, { account_id: otherCompanyAccount }, demo.demoToken), ['account_id'])
    // A visit that is not paid has nothing to refund.
    const arrived = expectOk(
      await call(server, 'POST', url(), {
        token: demo.demoToken,
        body: { staff_id: staffId, service_ids: [cutService], start_at: `${day}T21:00` },
      }),
      appointmentSchema,
      201,
    )
    const notPaid = await refund(arrived.id, { account_id: cash })
    expect(notPaid.statusCode).toBe(409)
    expect(json(notPaid).errors).toMatchObject({ code: ErrorCode.appointmentStatusForbidden })
    expect(await refundRows(visit.id)).toHaveLength(0)
    expect(await transactionCount()).toBe(transactionsBefore)
    expect(await readBack(visit.id)).toMatchObject({ status: 'paid', payment: { refunded: 0, refunds: [] } })
  })

  it('refuses a member without the payment right (403) and another company\u2019s appointment (404)', async () => {
    const visit = await paidVisit(3200)
    const member = await addMember(server, company, {
      role: 'administrator',
      overrides: { timetable_access: true, record_form_access: true, record_finances_payment_access: false },
    })
    expect((await refund(visit.id, { account_id: cash }, member.token)).statusCode).toBe(403)
    // The owner of both salons asks through the other salon: that salon has no such appointment.
    const elsewhere = await call(
      server,
      'POST',
      `/company/${demo.northern}/appointments/${visit.id}/refunds`,
      {
        token: demo.demoToken,
        body: { account_id: otherCompanyAccount },
      },
    )
    expect(elsewhere.statusCode).toBe(404)
    // A stranger to the salon does not learn it exists.
    expect((await refund(visit.id, { account_id: cash }, demo.otherToken)).statusCode).toBe(404)
    expect(await refundRows(visit.id)).toHaveLength(0)
    expect((await readBack(visit.id)).status).toBe('paid')
  })

  it('never refunds more than was paid when ten refunds of the same payment come at once', async () => {
    const visit = await paidVisit(3200)
    const transactionsBefore = await transactionCount()
    const parts = await Promise.all(
      Array.from({ length: 10 }, () => refund(visit.id, { amount: 1000, account_id: cash })),
    )
    const unexpected = parts.filter((reply) => reply.statusCode !== 201 && reply.statusCode !== 409)
    expect(unexpected.map((reply) => `${reply.statusCode} ${reply.body.slice(0, 200)}`)).toEqual([])
    expect(parts.filter((reply) => reply.statusCode === 201)).toHaveLength(3)
    for (const reply of parts.filter((item) => item.statusCode === 409)) {
      expect(json(reply).errors).toMatchObject({ code: ErrorCode.refundExceedsPayment, refundable: 200 })
    }
    expect((await refundRows(visit.id)).reduce((sum, row) => sum + Number(row.amount), 0)).toBe(3000)
    expect(await transactionCount()).toBe(transactionsBefore + 3)
    expect((await readBack(visit.id)).payment).toMatchObject({ refunded: 3000 })

    // Ten full refunds at once: one gives all back, the others find nothing left (or the visit no longer paid).
    const whole = await paidVisit(3200)
    const fulls = await Promise.all(Array.from({ length: 10 }, () => refund(whole.id, { account_id: cash })))
    expect(fulls.filter((reply) => reply.statusCode === 201)).toHaveLength(1)
    expect(fulls.filter((reply) => reply.statusCode === 409)).toHaveLength(9)
    expect(await refundRows(whole.id)).toHaveLength(1)
    expect(await readBack(whole.id)).toMatchObject({ status: 'arrived', payment: { refunded: 3200 } })
  })

  it('keeps the refunded sum within the payment in the database itself', async () => {
    const visit = await paidVisit(500)
    const [payment] = await paymentRows(visit.id)
    await expect(
      server.db
        .update(appointmentPayments)
        .set({ refunded: '500.01' })
        .where(eq(appointmentPayments.id, payment!.id)),
    ).rejects.toThrow()
    expect((await paymentRows(visit.id))[0]!.refunded).toBe('0.00')
  })
})
