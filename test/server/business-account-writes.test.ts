import { and, desc, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { accountInUseSchema, accountSchema, accountsSchema } from '../../contract/accounts/schemas'
import { ErrorCode } from '../../contract/error-codes'
import { accounts, accountTransactions, auditLog } from '../../server/db/schema'
import { createTestServer, json, testDatabases, type TestServer } from '../support/server-harness'
import {
  addMember,
  call,
  demoCompanies,
  expectInvalid,
  expectOk,
  type DemoCompanies,
} from './business-api-helpers'

describe.each(testDatabases())('account writes (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
  })
  afterAll(() => server.close())

  const base = (company = demo.tverskaya) => `/accounts/${company}/`
  const list = async (token = demo.demoToken, company = demo.tverskaya) =>
    expectOk(await call(server, 'GET', `${base(company)}?include=balance`, { token }), accountsSchema)
  const create = (body: unknown, token = demo.demoToken, company = demo.tverskaya) =>
    call(server, 'POST', base(company), { token, body })
  const put = (id: number, body: unknown, token = demo.demoToken) =>
    call(server, 'PUT', `${base()}${id}`, { token, body })
  const remove = (id: number, token = demo.demoToken) => call(server, 'DELETE', `${base()}${id}`, { token })
  const auditFor = (entityId: number) =>
    server.db
      .select()
      .from(auditLog)
      .where(and(like(auditLog.action, 'account_%')))
      .orderBy(desc(auditLog.id))
      .then((rows) => rows.filter((row) => row.details.entity_id === entityId))

  it('creates an account with a zero balance, renames it, changes its type and deletes it, auditing each', async () => {
    const created = expectOk(await create({ title: '  Tinkoff account ', type: 'bank' }), accountSchema, 201)
    expect(created).toEqual({
      id: created.id,
      title: 'Tinkoff account',
      type: 'bank',
      comment: '',
      balance: 0,
    })
    expect((await list()).find((account) => account.id === created.id)?.balance).toBe(0)
    const renamed = expectOk(await put(created.id, { title: 'Spare till', type: 'cash' }), accountSchema)
    expect(renamed).toMatchObject({ title: 'Spare till', type: 'cash' })
    expectOk(await remove(created.id), v.null())
    expect((await list()).some((account) => account.id === created.id)).toBe(false)
    expect((await auditFor(created.id)).map((row) => row.action)).toEqual([
      'account_deleted',
      'account_updated',
      'account_created',
    ])
  })

  it('refuses to delete an account that holds transactions, saying how many and their sum', async () => {
    const [cash] = await server.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.companyId, demo.tverskaya), eq(accounts.title, 'Front desk cash')))
    const response = await remove(cash!.id)
    expect(response.statusCode).toBe(409)
    const body = json(response)
    expect(body.errors.code).toBe(ErrorCode.accountInUse)
    expect(v.parse(accountInUseSchema, body.errors.used_by)).toEqual({ transactions: 3, balance: 14800 })
    // A zero balance is still history: an account whose transactions cancel out stays too.
    const evened = expectOk(await create({ title: 'Evened out', type: 'cash' }), accountSchema, 201)
    await server.db.insert(accountTransactions).values([
      { companyId: demo.tverskaya, accountId: evened.id, amount: '500.00' },
      { companyId: demo.tverskaya, accountId: evened.id, amount: '-500.00' },
    ])
    const refused = await remove(evened.id)
    expect(refused.statusCode).toBe(409)
    expect(json(refused).errors.used_by).toEqual({ transactions: 2, balance: 0 })
    expect((await list()).map((account) => account.title)).toContain('Front desk cash')
  })

  it('validates what it is sent and keeps titles unique regardless of case', async () => {
    expectInvalid(await create({}), ['title', 'type'])
    expectInvalid(await create({ title: ' ', type: 'cash' }), ['title'])
    expectInvalid(await create({ title: 'x'.repeat(101), type: 'cash' }), ['title'])
    expectInvalid(await create({ title: 'Safe', type: 'crypto' }), ['type'])
    expectInvalid(await create({ title: 'front DESK cash', type: 'cash' }), ['title'])
    const [sber] = (await list()).filter((account) => account.title === 'Sberbank account')
    expectInvalid(await put(sber!.id, { title: 'Front desk cash' }), ['title'])
    expectInvalid(await put(sber!.id, {}), ['_'])
    expect((await put(999_999, { title: 'Ghost' })).statusCode).toBe(404)
    expect((await remove(999_999)).statusCode).toBe(404)
    // Another company may use the same title.
    expectOk(
      await create({ title: 'Sberbank account', type: 'bank' }, demo.otherToken, demo.northern),
      accountSchema,
      201,
    )
  })

  it('creates one account when the same title is sent many times at once', async () => {
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => create({ title: 'Evening till', type: 'cash' })),
    )
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 422, 422, 422, 422])
    expect((await list()).filter((account) => account.title === 'Evening till')).toHaveLength(1)
  })

  it('keeps a member limited to some accounts to those: lists, changes and deletes only them, creates none', async () => {
    const all = await list()
    const [cash, bank] = [all[0]!, all[1]!]
    const limited = await addMember(server, demo.tverskaya, {
      role: 'accountant',
      overrides: { restricted_account_ids: [cash.id] },
    })
    expect((await list(limited.token)).map((account) => account.id)).toEqual([cash.id])
    expect((await put(bank.id, { comment: 'peek' }, limited.token)).statusCode).toBe(404)
    expect((await remove(bank.id, limited.token)).statusCode).toBe(404)
    expect((await create({ title: 'Side till', type: 'cash' }, limited.token)).statusCode).toBe(403)
    expectOk(await put(cash.id, { comment: 'Counted at 21:00' }, limited.token), accountSchema)
    expect((await list()).find((account) => account.id === bank.id)?.comment).toBe('')
  })

  it('needs finances_accounts_edit_access to change accounts', async () => {
    const reader = (
      await addMember(server, demo.tverskaya, {
        overrides: { finances_accounts_access: true, finances_accounts_balance_access: true },
      })
    ).token
    const [first] = await list()
    expect((await list(reader)).length).toBeGreaterThan(0)
    expect((await create({ title: 'Nope', type: 'cash' }, reader)).statusCode).toBe(403)
    expect((await put(first!.id, { title: 'Nope' }, reader)).statusCode).toBe(403)
    expect((await remove(first!.id, reader)).statusCode).toBe(403)
  })
})
