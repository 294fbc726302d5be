import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Company } from '../../contract/companies/schemas'
import type { RecordGroup } from '../../contract/record-groups/schemas'
import type { Employee } from '../../contract/staff/schemas'
import type { CompanyInvite } from '../../contract/invites/schemas'
import { apiBase } from '../../src/api/client'
import { writeCookie } from '../../src/api/cookies'
import { toastStore } from '../../src/ui/toast-store'
import { employeeReply, salonFive, serviceReply } from '../support/catalogue-replies'
import { anna, createFakeApi, createGate, ok, type FakeApi, type Gate } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'

const server = useMswServer()

let app: RenderedApp | undefined
let api: FakeApi | undefined
let gates: Record<'rename' | 'accesses' | 'notifications' | 'serviceTime', Gate> | undefined

afterEach(() => {
  vi.useRealTimers()
  cleanup()
  toastStore.clear()
  app?.session.stop()
  api?.release()
  for (const gate of Object.values(gates ?? {})) gate.release()
  clearAppCookies()
  app = api = gates = undefined
})

const staffId = 31
let held: Employee = employeeReply(staffId, 'Olga Petrova', 'Colorist')

/** Anna on Olga's card in Salon Five, as `role`; the changes wait in gates. */
async function openCard(
  role: Company['user_role'] = 'owner',
  groups: RecordGroup[] = [],
  invites: CompanyInvite[] = [],
) {
  held = employeeReply(staffId, 'Olga Petrova', 'Colorist')
  api = createFakeApi([{ ...salonFive, user_role: role }])
  gates = {
    rename: createGate('put', `/staff/${staffId}/change_name`),
    accesses: createGate('put', `/staff/${staffId}/accesses`),
    notifications: createGate('put', `/staff/${staffId}/notifications`),
    serviceTime: createGate('put', `/staff/${staffId}/services/41`),
  }
  server.use(
    ...Object.values(gates).map((gate) => gate.handler),
    http.get(`${apiBase}/staff/${staffId}`, () => ok(held)),
    http.get(`${apiBase}/staff/${staffId}/services`, () =>
      ok([{ id: 1, service_id: 41, title: 'Haircut', seance_length: 3600, technological_card_id: null }]),
    ),
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
    http.get(`${apiBase}/company/:id/record_groups`, () => ok(groups)),
    http.get(`${apiBase}/company/:id/invites`, () => ok(invites)),
    http.get(`${apiBase}/services/:id/`, () =>
      ok([
        serviceReply({ id: 41, title: 'Haircut', category_id: 1 }),
        serviceReply({ id: 42, title: 'Colouring', category_id: 1 }),
      ]),
    ),
    ...api.handlers,
  )
  writeCookie('access_token', api.issue('home-token'))
  app = renderApp(`/en/company/${salonFive.id}/staff/${staffId}`)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
  await screen.findByRole('heading', { name: 'Olga Petrova', level: 1 })
}

describe("a staff member's card", () => {
  it('checks the name before sending it, in words, and saves a good one', async () => {
    await openCard()
    const form = screen.getByRole('form', { name: 'Name' })
    const field = within(form).getByLabelText('Name')
    await userEvent.clear(field)
    await userEvent.click(within(form).getByRole('button', { name: 'Save the name' }))
    await within(form).findByText("Enter the staff member's name.")
    await userEvent.type(field, 'x'.repeat(101))
    await userEvent.click(within(form).getByRole('button', { name: 'Save the name' }))
    await within(form).findByText('The name can be at most 100 characters long.')
    expect(gates!.rename.count).toBe(0)
    await userEvent.clear(field)
    await userEvent.type(field, '  Olga Orlova ')
    await userEvent.click(within(form).getByRole('button', { name: 'Save the name' }))
    expect((await gates!.rename.next()).body).toEqual({ name: 'Olga Orlova' })
    held = { ...held, name: 'Olga Orlova' }
    await gates!.rename.answer(ok(held))
    await screen.findByRole('heading', { name: 'Olga Orlova', level: 1 })
  })

  it('switches sign-in access and a notification as they are flipped', async () => {
    await openCard()
    const access = () =>
      screen.getByLabelText<HTMLInputElement>('Can sign in to the workspace and see the appointment book')
    // Each switch shows the new state as the click ends, while the server saves it.
    fireEvent.click(access())
    expect(access().checked).toBe(true)
    expect((await gates!.accesses.next()).body).toEqual({ flag: true })
    held = { ...held, has_access_timetable: true }
    await gates!.accesses.answer(ok(held))
    await waitFor(() =>
      expect(toastStore.snapshot().map((toast) => toast.message)).toContain('Sign-in access is on.'),
    )
    const bySms = await screen.findByLabelText<HTMLInputElement>('By SMS')
    fireEvent.click(bySms)
    expect(bySms.checked).toBe(true)
    expect((await gates!.notifications.next()).body).toEqual({ by_sms: true })
  })

  it("takes a service's time in whole minutes, and says so otherwise", async () => {
    await openCard()
    const form = await screen.findByRole('form', { name: 'Time for Haircut' })
    const minutes = within(form).getByLabelText('Haircut: Minutes')
    expect((minutes as HTMLInputElement).value).toBe('60')
    await userEvent.clear(minutes)
    await userEvent.type(minutes, '3')
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }))
    await within(form).findByText('Enter the time in whole minutes, from 5 to 1440.')
    expect(gates!.serviceTime.count).toBe(0)
    await userEvent.clear(minutes)
    await userEvent.type(minutes, '45')
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }))
    expect((await gates!.serviceTime.next()).body).toEqual({
      seance_length: 2700,
      technological_card_id: null,
    })
  })

  it("offers the salon's today as the last working day, not the browser's", async () => {
    // 22:30 in UTC is already the next day in Moscow, where Salon Five is.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T22:30:00Z') })
    server.use(http.get(`${apiBase}/staff/${staffId}/available_remove_salons`, () => ok([])))
    await openCard()
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    const form = await screen.findByRole('form', { name: 'Dismiss Olga Petrova' })
    expect(within(form).getByLabelText<HTMLInputElement>('Last working day').value).toBe('2026-11-28')
  })

  it('lists the invitations to sign in as the member still open, above the form that sends another', async () => {
    const invite = (id: number, staffId: number, status: CompanyInvite['status']): CompanyInvite => ({
      id,
      phone: null,
      email: `olga${id}@example.com`,
      role: 'specialist',
      position_id: null,
      staff_id: staffId,
      status,
      expires_at: '2030-01-08T10:00:00Z',
      created_at: '2030-01-01T10:00:00Z',
      invited_by_name: 'Anna',
    })
    await openCard(
      'owner',
      [],
      [invite(1, staffId, 'pending'), invite(2, staffId, 'revoked'), invite(3, staffId + 1, 'pending')],
    )
    const list = screen.getByRole('region', { name: 'Invitations' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.querySelector('strong')?.textContent),
    ).toEqual(['olga1@example.com'])
    expect(within(list).getByRole('button', { name: 'Send again to olga1@example.com' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Invite Olga Petrova to sign in' })).toBeTruthy()
  })

  it('shows a member without the edit flags read-only', async () => {
    await openCard('administrator')
    screen.getByText(/You can see this staff member but not change them/)
    expect(screen.queryByRole('form')).toBeNull()
    expect(screen.queryByRole('checkbox')).toBeNull()
    expect(screen.queryByRole('button', { name: /Dismiss|Delete|Remove|Save/ })).toBeNull()
    await screen.findByText('1 h')
  })

  it('puts the staff member in a hall or department, or takes them out of it', async () => {
    const patch = createGate('patch', `/staff/${staffId}`)
    server.use(patch.handler)
    try {
      await openCard('owner', [
        { id: 7, title: 'Hair hall', staff: [] },
        { id: 8, title: 'Nails', staff: [] },
      ])
      const form = within(await screen.findByRole('form', { name: 'Hall or department' }))
      const field = form.getByLabelText<HTMLSelectElement>('Hall or department')
      expect([...field.options].map((option) => option.text)).toEqual(['None', 'Hair hall', 'Nails'])
      await userEvent.selectOptions(field, 'Nails')
      await userEvent.click(form.getByRole('button', { name: 'Save the hall or department' }))
      expect((await patch.next()).body).toEqual({ record_group_id: 8 })
      held = { ...held, record_group_id: 8 }
      await patch.answer(ok(held))
      await waitFor(() =>
        expect(toastStore.snapshot().map((toast) => toast.message)).toContain(
          'The hall or department is saved.',
        ),
      )
      await userEvent.selectOptions(field, 'None')
      await userEvent.click(form.getByRole('button', { name: 'Save the hall or department' }))
      expect((await patch.next()).body).toEqual({ record_group_id: null })
      await patch.answer(ok({ ...held, record_group_id: null }))
    } finally {
      patch.release()
    }
  })
})
