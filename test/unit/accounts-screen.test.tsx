import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { Account } from '../../contract/accounts/schemas'
import type { Rights } from '../../contract/access/rights-catalogue'
import { rightsForRole } from '../../contract/access/role-presets'
import { ErrorCode } from '../../contract/error-codes'
import { apiBase } from '../../src/api/client'
import { writeCookie } from '../../src/api/cookies'
import { toastStore } from '../../src/ui/toast-store'
import {
  anna,
  createFakeApi,
  createGate,
  fail,
  ok,
  salonOne,
  type FakeApi,
  type Gate,
} from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'

const server = useMswServer()

let app: RenderedApp | undefined
let api: FakeApi | undefined
let calls: { create: Gate; change: Gate; remove: Gate } | undefined

afterEach(() => {
  cleanup()
  toastStore.clear()
  app?.session.stop()
  api?.release()
  for (const gate of Object.values(calls ?? {})) gate.release()
  clearAppCookies()
  app = api = calls = undefined
})

const till: Account = { id: 21, title: 'Front desk cash', type: 'cash', comment: '', balance: 1234567.891 }
const bank: Account = {
  id: 22,
  title: 'Sberbank account',
  type: 'bank',
  comment: 'Current account 40702',
  balance: -15400.5,
}

/** Anna on the Accounts page of Salon One, with the owner's rights unless `rights` says otherwise. */
async function openPage(options: { rights?: Partial<Rights> } = {}) {
  api = createFakeApi([salonOne])
  calls = {
    create: createGate('post', `/accounts/${salonOne.id}/`),
    change: createGate('put', `/accounts/${salonOne.id}/:accountId`),
    remove: createGate('delete', `/accounts/${salonOne.id}/:accountId`),
  }
  let list = [till, bank]
  const listQueries: string[] = []
  server.use(
    ...Object.values(calls).map((gate) => gate.handler),
    http.get(`${apiBase}/accounts/:id/`, ({ request }) => {
      const include = new URL(request.url).searchParams.get('include')
      listQueries.push(include ?? '')
      return ok(include === 'balance' ? list : list.map(({ balance: _, ...account }) => account))
    }),
    ...(options.rights
      ? [
          http.get(`${apiBase}/company/:id/`, () =>
            ok({
              ...salonOne,
              user_role: 'manager',
              access: { ...rightsForRole('manager'), ...options.rights },
            }),
          ),
        ]
      : []),
    ...api.handlers,
  )
  writeCookie('access_token', api.issue('owner-token'))
  app = renderApp(`/en/company/${salonOne.id}/accounts`)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
  await screen.findByRole('heading', { name: 'Accounts', level: 1 })
  return { setList: (next: Account[]) => (list = next), listQueries }
}

const row = (title: string) => within(screen.getByRole('listitem', { name: title }))
const toastTexts = () => toastStore.snapshot().map((toast) => toast.message)

describe('the Accounts page', () => {
  it('is listed in the navigation and shows each account with its type, balance and the total', async () => {
    await openPage()
    const nav = screen.getByRole('navigation', { name: 'Sections' })
    expect(within(nav).getByRole('link', { name: 'Accounts' }).getAttribute('href')).toBe(
      `/en/company/${salonOne.id}/accounts`,
    )
    expect(document.title).toContain('Accounts')
    row('Front desk cash').getByText('Cash desk')
    row('Front desk cash').getByText('1 234 567.89 ₽')
    row('Sberbank account').getByText('Bank account')
    row('Sberbank account').getByText('-15 400.5 ₽')
    row('Sberbank account').getByText('Current account 40702')
    screen.getByText('Total: 1 219 167.39 ₽')
  })

  it('creates a bank account with the title typed, and says so; a title in use is said under the field', async () => {
    const page = await openPage()
    const form = within(screen.getByRole('form', { name: 'New account' }))
    await userEvent.type(form.getByLabelText('New account'), '  Tinkoff ')
    await userEvent.selectOptions(form.getByLabelText('Type'), 'Bank account')
    await userEvent.click(form.getByRole('button', { name: 'Create' }))
    expect((await calls!.create.next()).body).toEqual({ title: 'Tinkoff', type: 'bank' })
    const tinkoff: Account = { id: 23, title: 'Tinkoff', type: 'bank', comment: '', balance: 0 }
    page.setList([till, bank, tinkoff])
    await calls!.create.answer(ok(tinkoff, { status: 201 }))
    await waitFor(() => expect(toastTexts()).toContain('Account "Tinkoff" created.'))
    row('Tinkoff').getByText('0 ₽')
    expect((form.getByLabelText('New account') as HTMLInputElement).value).toBe('')

    await userEvent.type(form.getByLabelText('New account'), 'front desk CASH')
    await userEvent.click(form.getByRole('button', { name: 'Create' }))
    await calls!.create.answer(
      fail(422, {
        message: 'Validation failed',
        errors: { title: ['an account with this title already exists'] },
      }),
    )
    await form.findByText('An account with this title already exists.')
    expect(toastTexts()).not.toContain('The request was refused. Please try again.')
  })

  it('renames an account and changes its type in place', async () => {
    await openPage()
    await userEvent.click(row('Front desk cash').getByRole('button', { name: 'Change Front desk cash' }))
    const form = within(screen.getByRole('form', { name: 'Change Front desk cash' }))
    await userEvent.clear(form.getByLabelText('Title'))
    await userEvent.type(form.getByLabelText('Title'), 'Reception')
    await userEvent.selectOptions(form.getByLabelText('Type'), 'Bank account')
    await userEvent.type(form.getByLabelText('Comment'), ' Counted at closing ')
    await userEvent.click(form.getByRole('button', { name: 'Save' }))
    const request = await calls!.change.next()
    expect(request.path).toBe(`/api/v1/accounts/${salonOne.id}/${till.id}`)
    expect(request.body).toEqual({ title: 'Reception', type: 'bank', comment: 'Counted at closing' })
    await calls!.change.answer(ok({ ...till, title: 'Reception', type: 'bank' }))
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Change Front desk cash' })).toBeNull())
  })

  it('asks before deleting, and when the account holds transactions says how many and their sum', async () => {
    await openPage()
    await userEvent.click(row('Front desk cash').getByRole('button', { name: 'Delete Front desk cash' }))
    const question = within(screen.getByRole('alertdialog', { name: 'Delete Front desk cash' }))
    question.getByText('Delete the account "Front desk cash"?')
    await userEvent.click(question.getByRole('button', { name: 'Delete' }))
    expect((await calls!.remove.next()).path).toBe(`/api/v1/accounts/${salonOne.id}/${till.id}`)
    await calls!.remove.answer(refusedAsHeld({ transactions: 3, balance: 14800 }))
    await screen.findByText(
      /"Front desk cash" cannot be deleted: it holds 3 transactions with a balance of 14 800 ₽/,
    )
    const refusal = within(screen.getByRole('alertdialog', { name: 'Delete Front desk cash' }))
    expect(refusal.queryByRole('button', { name: 'Delete' })).toBeNull()
    await userEvent.click(refusal.getByRole('button', { name: 'Close' }))
    screen.getByRole('listitem', { name: 'Front desk cash' })
  })

  it('tells a member limited to some accounts that the list is limited, and offers no new account', async () => {
    await openPage({ rights: { restricted_account_ids: [till.id] } })
    screen.getByText(/Your access is limited to some accounts: the list shows only those/)
    expect(screen.queryByRole('form', { name: 'New account' })).toBeNull()
    row('Front desk cash').getByRole('button', { name: 'Change Front desk cash' })
  })

  it('shows a member who may only read the accounts, without balances, no control and says why', async () => {
    const page = await openPage({
      rights: {
        finances_accounts_edit_access: false,
        finances_accounts_balance_access: false,
      },
    })
    screen.getByText(/You can see the accounts but not change them/)
    screen.getByText(/Balances are not shown/)
    row('Front desk cash').getByText('Cash desk')
    expect(screen.queryByText(/₽/)).toBeNull()
    expect(screen.queryByRole('button', { name: /Change|Delete|Create/ })).toBeNull()
    expect(page.listQueries.every((include) => include === '')).toBe(true)
  })
})

/** The server's refusal to delete an account that holds transactions (409, code 3002, count and sum). */
function refusedAsHeld(usedBy: { transactions: number; balance: number }) {
  return Response.json(
    {
      success: false,
      data: null,
      meta: { message: 'The account holds transactions' },
      errors: { code: ErrorCode.accountInUse, message: 'The account holds transactions', used_by: usedBy },
    },
    { status: 409 },
  )
}
