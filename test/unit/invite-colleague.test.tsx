import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { rightsForRole } from '../../contract/access/role-presets'
import { apiBase } from '../../src/api/client'
import { writeCookie } from '../../src/api/cookies'
import {
  anna,
  createFakeApi,
  createSignInExtrasGates,
  fail,
  ok,
  salonOne,
  type FakeApi,
  type SignInExtrasGates,
} from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies, UI } from '../support/ui-drivers'

const server = useMswServer()

let app: RenderedApp | undefined
let api: FakeApi | undefined
let gates: SignInExtrasGates | undefined

afterEach(() => {
  cleanup()
  app?.session.stop()
  api?.release()
  gates?.release()
  clearAppCookies()
  app = api = gates = undefined
})

/** Opens the signed-in home of Anna, who works in Salon One as `role`. */
async function openHome(role = 'owner', overrides: Parameters<typeof rightsForRole>[1] = null) {
  api = createFakeApi()
  gates = createSignInExtrasGates()
  server.use(...api.handlers, ...gates.handlers)
  if (role !== 'owner') {
    // The user's rights come from GET /company/{id}/, as the server answers them for this role.
    server.use(
      http.get(`${apiBase}/company/:id/`, () =>
        ok({ ...salonOne, user_role: role, access: rightsForRole(role, overrides) }),
      ),
    )
  }
  writeCookie('access_token', api.issue('home-token'))
  app = renderApp('/en')
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
  await UI.expectHome(app.history, { userName: anna.name, company: salonOne.title })
}

const inviteForm = () => screen.findByRole('region', { name: 'Invite a colleague' })

const sentInvite = (contact: { email?: string; phone?: string }) => ({
  id: 4,
  phone: contact.phone ?? null,
  email: contact.email ?? null,
  role: 'manager',
  position_id: null,
  status: 'pending',
  expires_at: '2030-01-08T00:00:00.000Z',
  created_at: '2030-01-01T00:00:00.000Z',
  invited_by_name: anna.name,
  dev_link: 'http://localhost:8080/en/invite/abc123',
})

describe('Invite a colleague, on the signed-in home', () => {
  it('sends an invitation by e-mail with the chosen role and shows the link in development', async () => {
    await openHome()
    const form = within(await inviteForm())
    await userEvent.type(form.getByLabelText('E-mail or phone'), ' new.colleague@example.com ')
    await userEvent.selectOptions(form.getByLabelText('Role'), 'Manager')
    // Owner is not offered: only the registering person holds it.
    expect(form.queryByRole('option', { name: 'Owner' })).toBeNull()
    await userEvent.click(form.getByRole('button', { name: 'Send the invitation' }))

    const request = await gates!.createInvite.next()
    expect(request.path).toBe(`/api/v1/company/${salonOne.id}/invites`)
    expect(request.authorization).toBe('Bearer home-token')
    expect(request.body).toEqual({ email: 'new.colleague@example.com', role: 'manager', lang: 'en' })
    await UI.expectBusy('Send the invitation')
    await gates!.createInvite.answer(ok(sentInvite({ email: 'new.colleague@example.com' }), { status: 201 }))

    await form.findByText('Invitation sent to new.colleague@example.com.')
    const link = form.getByRole('link', { name: 'http://localhost:8080/en/invite/abc123' })
    expect(link.getAttribute('href')).toBe('http://localhost:8080/en/invite/abc123')
    // The form is ready for the next colleague.
    expect((form.getByLabelText('E-mail or phone') as HTMLInputElement).value).toBe('')
  })

  it('sends a phone as a phone, and shows the server’s field message beside the field', async () => {
    await openHome()
    const form = within(await inviteForm())
    await userEvent.type(form.getByLabelText('E-mail or phone'), '12')
    await userEvent.click(form.getByRole('button', { name: 'Send the invitation' }))
    expect((await gates!.createInvite.next()).body).toEqual({ phone: '12', role: 'specialist', lang: 'en' })
    await gates!.createInvite.answer(
      fail(422, { message: 'Validation failed', errors: { phone: ['Enter a valid phone'] } }),
    )

    const field = form.getByLabelText('E-mail or phone')
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'))
    const describedBy = field.getAttribute('aria-describedby')!
    expect(document.getElementById(describedBy)?.textContent).toBe(
      'Enter a valid phone number with its country code.',
    )
    expect(form.queryByRole('alert')).toBeNull()
  })

  it('tells a refusal that belongs to no field, such as the hourly limit, in an alert', async () => {
    await openHome()
    const form = within(await inviteForm())
    await userEvent.type(form.getByLabelText('E-mail or phone'), '79001112233')
    await userEvent.click(form.getByRole('button', { name: 'Send the invitation' }))
    await gates!.createInvite.answer(fail(429, { message: 'limit exceeded' }, 1001))
    expect((await form.findByRole('alert')).textContent).toBe(
      'Too many invitations for now. Please try again in an hour.',
    )
  })

  it('is not offered to members without the right to invite', async () => {
    await openHome('specialist')
    expect(screen.queryByRole('region', { name: 'Invite a colleague' })).toBeNull()
    expect(screen.queryByLabelText('E-mail or phone')).toBeNull()
  })

  it('offers only the roles whose rights the sender holds', async () => {
    await openHome('administrator', { users_access: true, users_invite_access: true })
    const form = within(await inviteForm())
    const offered = within(form.getByLabelText('Role'))
      .getAllByRole('option')
      .map((option) => option.textContent)
    expect(offered).toEqual(['Administrator', 'Specialist'])
  })
})
