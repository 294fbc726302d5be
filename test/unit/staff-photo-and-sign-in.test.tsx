import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { Employee } from '../../contract/staff/schemas'
import { apiBase } from '../../src/api/client'
import { writeCookie } from '../../src/api/cookies'
import { toastStore } from '../../src/ui/toast-store'
import { employeeReply, salonFive } from '../support/catalogue-replies'
import { anna, createFakeApi, createGate, ok, type FakeApi, type Gate } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'

const server = useMswServer()

let app: RenderedApp | undefined
let api: FakeApi | undefined
let gates: Record<'upload' | 'remove' | 'invite', Gate> | undefined

afterEach(() => {
  cleanup()
  toastStore.clear()
  app?.session.stop()
  api?.release()
  for (const gate of Object.values(gates ?? {})) gate.release()
  clearAppCookies()
  app = api = gates = undefined
})

const staffId = 31

/** Anna, the owner, on the card of `employee` in Salon Five; the photo and invitation calls wait in gates. */
async function openCard(employee: Employee) {
  api = createFakeApi([salonFive])
  gates = {
    upload: createGate('post', '/settings/employee/image/upload'),
    remove: createGate('delete', `/staff/${staffId}/avatar`),
    invite: createGate('post', `/company/${salonFive.id}/invites`),
  }
  let held = employee
  server.use(
    ...Object.values(gates).map((gate) => gate.handler),
    http.get(`${apiBase}/staff/${staffId}`, () => ok(held)),
    http.get(`${apiBase}/staff/${staffId}/services`, () => ok([])),
    http.get(`${apiBase}/staff/${staffId}/notifications`, () =>
      ok({
        new_record: true,
        record_changed: true,
        record_canceled: true,
        by_sms: false,
        by_email: true,
        by_push: true,
      }),
    ),
    http.get(`${apiBase}/company/:id/positions`, () => ok([])),
    http.get(`${apiBase}/services/:id/`, () => ok([])),
    ...api.handlers,
  )
  writeCookie('access_token', api.issue('home-token'))
  app = renderApp(`/en/company/${salonFive.id}/staff/${staffId}`)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
  await screen.findByRole('heading', { name: employee.name, level: 1 })
  return { setEmployee: (next: Employee) => (held = next) }
}

const olga = employeeReply(staffId, 'Olga Petrova', 'Colorist')
const withPhoto: Employee = { ...olga, avatar: '/uploads/5/small.jpg', avatar_big: '/uploads/5/big.jpg' }
const toastTexts = () => toastStore.snapshot().map((toast) => toast.message)
const user = () => userEvent.setup({ applyAccept: false })

describe("a staff member's photo and sign-in on the card", () => {
  it('refuses a file that is no picture, and one over the limit, before sending anything', async () => {
    await openCard(olga)
    await user().upload(
      screen.getByLabelText('Upload a photo'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    )
    await screen.findByText('Choose a JPEG, PNG or WebP picture.')
    const huge = new File([new Uint8Array(6 * 1024 * 1024)], 'huge.png', { type: 'image/png' })
    await user().upload(screen.getByLabelText('Upload a photo'), huge)
    await screen.findByText('The picture is too large: it can be at most 5 MB.')
    expect(screen.queryByRole('group', { name: 'Crop the photo' })).toBeNull()
    expect(gates!.upload.count).toBe(0)
  })

  it('opens the square crop for a picture, with a zoom slider and a keyboard-movable square', async () => {
    await openCard(olga)
    await user().upload(
      screen.getByLabelText('Upload a photo'),
      new File([new Uint8Array([0x89, 0x50])], 'me.png', { type: 'image/png' }),
    )
    const crop = within(await screen.findByRole('group', { name: 'Crop the photo' }))
    expect(crop.getByRole('img', { name: 'The part of the photo that is saved' }).tabIndex).toBe(0)
    crop.getByLabelText('Zoom')
    await userEvent.click(crop.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('group', { name: 'Crop the photo' })).toBeNull()
  })

  it('shows the big photo and removes it after a question', async () => {
    const card = await openCard(withPhoto)
    expect(screen.getByRole('img', { name: 'Photo of Olga Petrova' }).getAttribute('src')).toBe(
      '/uploads/5/big.jpg',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Remove the photo' }))
    const question = within(screen.getByRole('alertdialog', { name: 'Remove the photo' }))
    await userEvent.click(question.getByRole('button', { name: 'Delete' }))
    card.setEmployee(olga)
    await gates!.remove.answer(ok(null))
    await waitFor(() => expect(toastTexts()).toContain('The photo is removed.'))
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Photo of Olga Petrova' })).toBeNull())
  })

  it('invites a staff member without a sign-in, naming them in the invitation', async () => {
    await openCard(olga)
    const form = within(screen.getByRole('region', { name: 'Invite Olga Petrova to sign in' }))
    await userEvent.type(form.getByLabelText('E-mail or phone'), 'olga@example.com')
    await userEvent.click(form.getByRole('button', { name: 'Send the invitation' }))
    const request = await gates!.invite.next()
    expect(request.body).toMatchObject({ email: 'olga@example.com', role: 'specialist', staff_id: staffId })
  })

  it('shows whose sign-in a linked staff member has, with the contact, and offers no invitation', async () => {
    await openCard({
      ...olga,
      user: { id: 7, name: 'Olga P.', email: 'olga@example.com', phone: '79001112233' },
    })
    screen.getByText('Signs in as Olga P. (olga@example.com, +79001112233).')
    expect(screen.queryByRole('region', { name: /to sign in/ })).toBeNull()
  })
})
