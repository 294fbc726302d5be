import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountsSchema } from '../../contract/accounts/schemas'
import {
  attendanceFieldPinSchema,
  attendanceFieldPinsSchema,
  paymentMethodPinsSchema,
} from '../../contract/attendance-pins/schemas'
import { paymentMethodsSchema } from '../../contract/payment-methods/schemas'
import { salarySettingsSchema } from '../../contract/salary/schemas'
import { staff } from '../../server/db/schema'
import { createTestServer, json, testDatabases, type TestServer } from '../support/server-harness'
import {
  addMember,
  call,
  demoCompanies,
  invalidFields,
  expectOk,
  type DemoCompanies,
} from './business-api-helpers'

describe.each(testDatabases())('payment methods, pins, payroll settings and accounts (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  let administrator: string
  let specialist: string
  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
    administrator = (await addMember(server, demo.tverskaya, { role: 'administrator' })).token
    specialist = (await addMember(server, demo.tverskaya)).token
  })
  afterAll(() => server.close())

  const methodsOf = async (companyId: number, token = demo.demoToken) =>
    expectOk(
      await call(server, 'GET', `/company/${companyId}/payment_methods`, { token }),
      paymentMethodsSchema,
    )

  describe('payment methods', () => {
    it('lists the company’s methods in order', async () => {
      const methods = await methodsOf(demo.tverskaya)
      expect(methods.map((method) => method.slug)).toEqual(['cash', 'card', 'transfer'])
      expect(methods.every((method) => method.is_active)).toBe(true)
    })

    it('saves the whole list: updates, creates with a slug from the title, removes the rest with their pins', async () => {
      const [cash, card] = await methodsOf(demo.arbat)
      const saved = expectOk(
        await call(server, 'POST', `/company/${demo.arbat}/payment_methods/save`, {
          token: demo.demoToken,
          body: {
            payment_methods: [
              { id: card!.id, title: 'Card (terminal)' },
              { title: 'Gift certificate' },
              { title: 'Оплата по QR' },
              { id: cash!.id, title: 'Cash', is_active: false },
            ],
          },
        }),
        paymentMethodsSchema,
      )
      expect(saved.map(({ slug, title, is_active, weight }) => ({ slug, title, is_active, weight }))).toEqual(
        [
          { slug: 'card', title: 'Card (terminal)', is_active: true, weight: 0 },
          { slug: 'gift_certificate', title: 'Gift certificate', is_active: true, weight: 1 },
          { slug: 'qr', title: 'Оплата по QR', is_active: true, weight: 2 },
          { slug: 'cash', title: 'Cash', is_active: false, weight: 3 },
        ],
      )
      const removed = expectOk(
        await call(server, 'POST', `/company/${demo.arbat}/payment_methods/save`, {
          token: demo.demoToken,
          body: { payment_methods: [{ id: saved[1]!.id, title: 'Gift certificate' }] },
        }),
        paymentMethodsSchema,
      )
      expect(removed.map((method) => method.slug)).toEqual(['gift_certificate'])
      const pins = expectOk(
        await call(server, 'GET', `/companies/${demo.arbat}/attendance/payment_method_pins`, {
          token: demo.demoToken,
        }),
        paymentMethodPinsSchema,
      )
      expect(pins).toEqual([{ payment_method_slug: 'gift_certificate', is_pinned: false }])
    })

    it('numbers clashing slugs made from titles', async () => {
      const saved = expectOk(
        await call(server, 'POST', `/company/${demo.arbat}/payment_methods/save`, {
          token: demo.demoToken,
          body: { payment_methods: [{ title: 'Card' }, { title: 'card!' }, { title: '???' }] },
        }),
        paymentMethodsSchema,
      )
      expect(saved.map((method) => method.slug)).toEqual(['card', 'card_2', 'method'])
    })

    it('validates the list and changes nothing', async () => {
      const before = await methodsOf(demo.tverskaya)
      const save = (body: unknown) =>
        call(server, 'POST', `/company/${demo.tverskaya}/payment_methods/save`, {
          token: demo.demoToken,
          body,
        })
      expect(invalidFields(await save({}))).toEqual(['payment_methods'])
      // No empty list (every method and pin gone at once), no two methods of one title.
      expect(invalidFields(await save({ payment_methods: [] }))).toEqual(['payment_methods'])
      expect(invalidFields(await save({ payment_methods: [{ title: 'Cash' }, { title: 'cash' }] }))).toEqual([
        'payment_methods',
      ])
      expect(invalidFields(await save({ payment_methods: [{ title: ' ' }] }))).toEqual([
        'payment_methods.0.title',
      ])
      expect(invalidFields(await save({ payment_methods: [{ title: 'A', slug: 'Bad slug' }] }))).toEqual([
        'payment_methods.0.slug',
      ])
      expect(
        invalidFields(
          await save({
            payment_methods: [
              { title: 'A', slug: 'x' },
              { title: 'B', slug: 'x' },
            ],
          }),
        ),
      ).toEqual(['payment_methods'])
      // An id of another company's method is refused, and the foreign method is untouched.
      const [foreign] = await methodsOf(demo.northern, demo.otherToken)
      expect(
        invalidFields(await save({ payment_methods: [{ id: foreign!.id, title: 'Hijacked' }] })),
      ).toEqual(['payment_methods.0.id'])
      expect(
        invalidFields(
          await save({ payment_methods: [{ id: before[0]!.id, slug: 'renamed', title: 'Cash' }] }),
        ),
      ).toEqual(['payment_methods.0.slug'])
      expect(
        invalidFields(
          await save({
            payment_methods: [
              { id: before[0]!.id, title: 'Cash' },
              { slug: 'cash', title: 'Cash 2' },
            ],
          }),
        ),
      ).toEqual(['payment_methods.1.slug'])
      expect(await methodsOf(demo.tverskaya)).toEqual(before)
      expect((await methodsOf(demo.northern, demo.otherToken))[0]).toEqual(foreign)
    })

    it('serialises concurrent saves: the list ends as one of them, never a mix or duplicates', async () => {
      const save = (title: string) =>
        call(server, 'POST', `/company/${demo.northern}/payment_methods/save`, {
          token: demo.otherToken,
          body: { payment_methods: [{ title }, { title: 'Cash', slug: 'cash_desk' }] },
        })
      const replies = await Promise.all([save('First'), save('Second'), save('Third')])
      for (const reply of replies) expect(reply.statusCode).toBe(200)
      const methods = await methodsOf(demo.northern, demo.otherToken)
      expect(methods).toHaveLength(2)
      expect(['first', 'second', 'third']).toContain(methods[0]!.slug)
      expect(methods[1]!.slug).toBe('cash_desk')
    })

    it('lets an administrator read the list but not change it', async () => {
      expect(
        (await call(server, 'GET', `/company/${demo.tverskaya}/payment_methods`, { token: administrator }))
          .statusCode,
      ).toBe(200)
      const save = await call(server, 'POST', `/company/${demo.tverskaya}/payment_methods/save`, {
        token: administrator,
        body: { payment_methods: [] },
      })
      expect(save.statusCode).toBe(403)
      expect(
        (await call(server, 'GET', `/company/${demo.tverskaya}/payment_methods`, { token: specialist }))
          .statusCode,
      ).toBe(403)
    })
  })

  describe('attendance pins', () => {
    const pinsUrl = () => `/companies/${demo.tverskaya}/attendance/field_pins`

    it('lists, pins (idempotently) and unpins fields', async () => {
      const before = expectOk(
        await call(server, 'GET', pinsUrl(), { token: demo.demoToken }),
        attendanceFieldPinsSchema,
      )
      expect(before.map((pin) => pin.slug)).toEqual(['comment', 'discount'])
      const created = expectOk(
        await call(server, 'POST', pinsUrl(), { token: demo.demoToken, body: { slug: 'loyalty_card' } }),
        attendanceFieldPinSchema,
        201,
      )
      const again = await Promise.all(
        [1, 2, 3].map(() =>
          call(server, 'POST', pinsUrl(), { token: demo.demoToken, body: { slug: 'loyalty_card' } }),
        ),
      )
      for (const reply of again) expect(expectOk(reply, attendanceFieldPinSchema)).toEqual(created)
      const deleted = await call(server, 'DELETE', `${pinsUrl()}/${created.id}`, { token: demo.demoToken })
      expect(deleted.statusCode).toBe(200)
      expect(json(deleted).data).toBeNull()
      expect(
        (await call(server, 'DELETE', `${pinsUrl()}/${created.id}`, { token: demo.demoToken })).statusCode,
      ).toBe(404)
      expect(
        expectOk(await call(server, 'GET', pinsUrl(), { token: demo.demoToken }), attendanceFieldPinsSchema),
      ).toEqual(before)
    })

    it('validates pins', async () => {
      expect(
        invalidFields(
          await call(server, 'POST', pinsUrl(), { token: demo.demoToken, body: { slug: 'Bad Slug' } }),
        ),
      ).toEqual(['slug'])
      expect(
        invalidFields(await call(server, 'POST', pinsUrl(), { token: demo.demoToken, body: {} })),
      ).toEqual(['slug'])
      expect(
        invalidFields(await call(server, 'DELETE', `${pinsUrl()}/abc`, { token: demo.demoToken })),
      ).toEqual(['pinId'])
      const put = (body: unknown) =>
        call(server, 'PUT', `/companies/${demo.tverskaya}/attendance/payment_method_pins`, {
          token: demo.demoToken,
          body,
        })
      expect(invalidFields(await put({ payment_method_slug: 'card', is_pinned: 'yes' }))).toEqual([
        'is_pinned',
      ])
      expect(invalidFields(await put({ payment_method_slug: 'bitcoin', is_pinned: true }))).toEqual([
        'payment_method_slug',
      ])
    })

    it('pins and unpins payment methods', async () => {
      const url = `/companies/${demo.tverskaya}/attendance/payment_method_pins`
      const before = expectOk(
        await call(server, 'GET', url, { token: demo.demoToken }),
        paymentMethodPinsSchema,
      )
      expect(before).toEqual([
        { payment_method_slug: 'cash', is_pinned: true },
        { payment_method_slug: 'card', is_pinned: true },
        { payment_method_slug: 'transfer', is_pinned: false },
      ])
      const put = (slug: string, pinned: boolean) =>
        call(server, 'PUT', url, {
          token: demo.demoToken,
          body: { payment_method_slug: slug, is_pinned: pinned },
        })
      expect(json(await put('transfer', true)).data).toEqual({
        payment_method_slug: 'transfer',
        is_pinned: true,
      })
      await put('cash', false)
      const after = expectOk(
        await call(server, 'GET', url, { token: demo.demoToken }),
        paymentMethodPinsSchema,
      )
      expect(after.map((pin) => pin.is_pinned)).toEqual([false, true, true])
    })

    it('lets an administrator see pins but not change them; a specialist sees none', async () => {
      expect((await call(server, 'GET', pinsUrl(), { token: administrator })).statusCode).toBe(200)
      expect(
        (await call(server, 'POST', pinsUrl(), { token: administrator, body: { slug: 'comment' } }))
          .statusCode,
      ).toBe(403)
      expect((await call(server, 'GET', pinsUrl(), { token: specialist })).statusCode).toBe(403)
    })
  })

  describe('payroll settings', () => {
    const staffIds = async (companyId: number) =>
      (
        await server.db.select({ id: staff.id, companyId: staff.companyId, name: staff.name }).from(staff)
      ).filter((row) => row.companyId === companyId)

    it('answers the defaults for an employee without settings and the saved ones otherwise', async () => {
      const members = await staffIds(demo.tverskaya)
      const maria = members.find((member) => member.name === 'Maria Ivanova')!
      const olga = members.find((member) => member.name === 'Olga Petrova')!
      const url = (id: number) => `/company/${demo.tverskaya}/salary/settings/${id}`
      expect(
        expectOk(await call(server, 'GET', url(maria.id), { token: demo.demoToken }), salarySettingsSchema),
      ).toEqual({
        staff_id: maria.id,
        date_basis: 'funds_receipt_date',
        discount_split_mode: 'professional_and_business_proportionally',
        cost_split_mode: 'subtract_from_payment',
        mode: 'single',
        is_customized: true,
        version: 1,
      })
      expect(
        expectOk(await call(server, 'GET', url(olga.id), { token: demo.demoToken }), salarySettingsSchema),
      ).toMatchObject({
        date_basis: 'sale_date',
        mode: 'none',
        is_customized: false,
      })
      const body = {
        date_basis: 'sale_date',
        discount_split_mode: 'professional_and_assistant_and_business_proportionally',
        cost_split_mode: 'professional_only',
        mode: 'split',
      }
      const saved = expectOk(
        await call(server, 'PUT', url(olga.id), { token: demo.demoToken, body }),
        salarySettingsSchema,
      )
      expect(saved).toEqual({ staff_id: olga.id, ...body, is_customized: true, version: 1 })
      expect(
        expectOk(await call(server, 'GET', url(olga.id), { token: demo.demoToken }), salarySettingsSchema),
      ).toEqual(saved)
    })

    it('validates every enum and the employee, changing nothing', async () => {
      const [member] = await staffIds(demo.tverskaya)
      const [foreign] = await staffIds(demo.northern)
      const url = (id: number | string) => `/company/${demo.tverskaya}/salary/settings/${id}`
      const before = json(await call(server, 'GET', url(member!.id), { token: demo.demoToken })).data
      const put = (body: unknown, id: number | string = member!.id) =>
        call(server, 'PUT', url(id), { token: demo.demoToken, body })
      const valid = {
        date_basis: 'sale_date',
        discount_split_mode: 'none',
        cost_split_mode: 'none',
        mode: 'full',
      }
      expect(invalidFields(await put({ ...valid, date_basis: 'yesterday' }))).toEqual(['date_basis'])
      expect(
        invalidFields(await put({ ...valid, discount_split_mode: 'half', cost_split_mode: 'half' })),
      ).toEqual(['cost_split_mode', 'discount_split_mode'])
      expect(invalidFields(await put({ ...valid, mode: 'double' }))).toEqual(['mode'])
      expect(invalidFields(await put(valid, 'abc'))).toEqual(['staffId'])
      expect(json(await call(server, 'GET', url(member!.id), { token: demo.demoToken })).data).toEqual(before)
      // Another company's employee is not found, whether read or written.
      expect((await call(server, 'GET', url(foreign!.id), { token: demo.demoToken })).statusCode).toBe(404)
      expect((await put(valid, foreign!.id)).statusCode).toBe(404)
    })

    it('needs the payroll rights', async () => {
      const [member] = await staffIds(demo.tverskaya)
      const url = `/company/${demo.tverskaya}/salary/settings/${member!.id}`
      expect((await call(server, 'GET', url, { token: administrator })).statusCode).toBe(403)
      const put = await call(server, 'PUT', url, {
        token: administrator,
        body: { date_basis: 'sale_date', discount_split_mode: 'none', cost_split_mode: 'none', mode: 'full' },
      })
      expect(put.statusCode).toBe(403)
    })
  })

  describe('accounts', () => {
    it('lists accounts, with balances summed from their transactions on request', async () => {
      const plain = expectOk(
        await call(server, 'GET', `/accounts/${demo.tverskaya}/`, { token: demo.demoToken }),
        accountsSchema,
      )
      expect(plain.map((account) => account.title)).toEqual(['Front desk cash', 'Sberbank account'])
      expect(plain[0]).not.toHaveProperty('balance')
      const withBalance = expectOk(
        await call(server, 'GET', `/accounts/${demo.tverskaya}/?include=balance`, { token: demo.demoToken }),
        accountsSchema,
      )
      expect(withBalance.map((account) => account.balance)).toEqual([14800, 70599.5])
    })

    it('validates include', async () => {
      expect(
        invalidFields(
          await call(server, 'GET', `/accounts/${demo.tverskaya}/?include=secrets`, {
            token: demo.demoToken,
          }),
        ),
      ).toEqual(['include'])
    })

    it('keeps balances from members without the balance right, and accounts from members without finances', async () => {
      const cashier = (
        await addMember(server, demo.tverskaya, {
          role: 'administrator',
          overrides: { finances_accounts_access: true },
        })
      ).token
      expect((await call(server, 'GET', `/accounts/${demo.tverskaya}/`, { token: cashier })).statusCode).toBe(
        200,
      )
      expect(
        (await call(server, 'GET', `/accounts/${demo.tverskaya}/?include=balance`, { token: cashier }))
          .statusCode,
      ).toBe(403)
      expect(
        (await call(server, 'GET', `/accounts/${demo.tverskaya}/`, { token: administrator })).statusCode,
      ).toBe(403)
    })

    it('shows a user limited to some accounts only those', async () => {
      const all = expectOk(
        await call(server, 'GET', `/accounts/${demo.tverskaya}/`, { token: demo.demoToken }),
        accountsSchema,
      )
      const limited = (
        await addMember(server, demo.tverskaya, {
          role: 'accountant',
          overrides: { restricted_account_ids: [all[1]!.id] },
        })
      ).token
      const seen = expectOk(
        await call(server, 'GET', `/accounts/${demo.tverskaya}/?include=balance`, { token: limited }),
        accountsSchema,
      )
      expect(seen.map((account) => account.id)).toEqual([all[1]!.id])
    })
  })
})
