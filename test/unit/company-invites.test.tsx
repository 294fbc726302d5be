import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { rightsForRole } from '../../contract/access/role-presets'
import type { CompanyInvite } from '../../contract/invites/schemas'
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
let gates: { resend: Gate; withdraw: Gate } | undefined

afterEach(() => {
  cleanup()
  toastStore.clear()
  app?.session.stop()
  api?.release()
  gates?.resend.release()
  gates?.withdraw.release()
  clearAppCookies()
  app = api = gates = undefined
})

const invite = (id: number, overrides: Partial<CompanyInvite>): CompanyInvite => ({
  id,
  phone: null,
  email: `colleague${id}@example.com`,
  role: 'specialist',
  position_id: null,
  status: 'pending',
  expires_at: '2030-01-08T10:00:00.000Z',
  created_at: '2030-01-01T10:00:00.000Z',
  invited_by_name: 'Anna',
  ...overrides,
})

const list = [
  invite(1, { email: 'pending@example.com', role: 'manager' }),
  invite(2, { email: null, phone: '79161234567', status: 'expired' }),
  invite(3, { email: 'joined@example.com', status: 'accepted', invited_by_name: 'Oleg' }),
  invite(4, { email: 'gone@example.com', status: 'revoked' }),
]

/** Anna's overview of Salon One as `role`, the server listing `invites`. */
async function openOverview(invites: CompanyInvite[], role = 'owner') {
  api = createFakeApi()
  gates = {
    resend: createGate('post', `/company/${salonOne.id}/invites/:inviteId/resend`),
    withdraw: createGate('delete', `/company/${salonOne.id}/invites/:inviteId`),
  }
  server.use(
    gates.resend.handler,
    gates.withdraw.handler,
    http.get(`${apiBase}/company/:id/invites`, () => ok(invites)),
    http.get(`${apiBase}/company/:id/`, () =>
      ok({ ...salonOne, user_role: role, access: rightsForRole(role) }),
    ),
    ...api.handlers,
  )
  writeCookie('access_token', api.issue('home-token'))
  app = renderApp(`/en/company/${salonOne.id}`)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
  await screen.findByRole('heading', { name: salonOne.title, level: 1 })
}

const card = async () => within(await screen.findByRole('region', { name: 'Invitations' }))
const row = async (contact: string) => within((await card()).getByRole('listitem', { name: contact }))
const toastTexts = () => toastStore.snapshot().map((toast) => toast.message)

describe("the company's invitations, on the overview", () => {
  it('lists each invitation with its role, its state and who sent it when, and offers what each state allows', async () => {
    await openOverview(list)
    const pending = await row('pending@example.com')
    pending.getByText('· Manager', { exact: false })
    pending.getByText('Waiting, valid until Jan 8, 2030')
    pending.getByText('Sent by Anna on Jan 1, 2030')
    pending.getByRole('button', { name: 'Send again to pending@example.com' })
    pending.getByRole('button', { name: 'Withdraw the invitation of pending@example.com' })

    const expired = await row('79161234567')
    expired.getByText('Expired on Jan 8, 2030')
    expired.getByRole('button', { name: 'Send again to 79161234567' })
    expect(expired.queryByRole('button', { name: /Withdraw/ })).toBeNull()

    const accepted = await row('joined@example.com')
    accepted.getByText('Accepted')
    accepted.getByText('Sent by Oleg on Jan 1, 2030')
    expect(accepted.queryByRole('button')).toBeNull()
    expect((await row('gone@example.com')).queryByRole('button')).toBeNull()
  })

  it('sends an invitation again in the reader language and says so', async () => {
    await openOverview(list)
    await userEvent.click((await row('pending@example.com')).getByRole('button', { name: /Send again/ }))
    const request = await gates!.resend.next()
    expect(request.path).toBe(`/api/v1/company/${salonOne.id}/invites/1/resend`)
    expect(request.body).toEqual({ lang: 'en' })
    await gates!.resend.answer(ok(list[0]))
    await waitFor(() =>
      expect(toastTexts()).toContain('A new invitation link was sent to pending@example.com.'),
    )
  })

  it('withdraws only after asking, and a refusal shows the error toast and keeps the invitation', async () => {
    await openOverview(list)
    const pending = await row('pending@example.com')
    await userEvent.click(pending.getByRole('button', { name: /Withdraw the invitation/ }))
    const question = within(
      screen.getByRole('alertdialog', { name: 'Withdraw the invitation of pending@example.com' }),
    )
    question.getByText(/The link in their message stops working/)
    await userEvent.click(question.getByRole('button', { name: 'Cancel' }))
    expect(gates!.withdraw.count).toBe(0)

    await userEvent.click(pending.getByRole('button', { name: /Withdraw the invitation/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }))
    const request = await gates!.withdraw.next()
    expect(request.path).toBe(`/api/v1/company/${salonOne.id}/invites/1`)
    await gates!.withdraw.answer(fail(500, { message: 'down' }))
    await waitFor(() =>
      expect(toastTexts()).toContain(
        'The server could not complete the request. Please try again in a moment.',
      ),
    )
    ;(await row('pending@example.com')).getByText('Waiting, valid until Jan 8, 2030')
  })

  it('is not shown to a member who may not invite', async () => {
    await openOverview(list, 'specialist')
    expect(screen.queryByRole('region', { name: 'Invitations' })).toBeNull()
  })

  it('says what to do when no one has been invited', async () => {
    await openOverview([])
    ;(await card()).getByText(/No one has been invited yet/)
  })
})
