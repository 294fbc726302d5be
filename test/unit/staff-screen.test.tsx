import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { Company } from '../../contract/companies/schemas'
import type { Employee } from '../../contract/staff/schemas'
import { apiBase } from '../../src/api/client'
import { writeCookie } from '../../src/api/cookies'
import { toastStore } from '../../src/ui/toast-store'
import { employeeReply, salonFive, serviceReply } from '../support/catalogue-replies'
import { anna, createFakeApi, createGate, fail, ok, type FakeApi, type Gate } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'

const server = useMswServer()

let app: RenderedApp | undefined
let api: FakeApi | undefined
let sortGate: Gate | undefined
let quickGate: Gate | undefined
let inviteGate: Gate | undefined

afterEach(() => {
  cleanup()
  toastStore.clear()
  app?.session.stop()
  api?.release()
  sortGate?.release()
  quickGate?.release()
  inviteGate?.release()
  clearAppCookies()
  refuseReads = false
  app = api = sortGate = quickGate = inviteGate = undefined
})

const stylist = { id: 7, title: 'Stylist', services_binding_type: 0 as const, count_linked_services: 0 }
const member = (id: number, name: string, weight: number, extra: Partial<Employee> = {}): Employee => ({
  ...employeeReply(id, name, 'Senior stylist'),
  position_id: stylist.id,
  position: stylist,
  weight,
  ...extra,
})

/** The working staff the fake server holds, highest weight first as the real one answers them. */
let held: Employee[] = []
/** The dismissed staff (fired=1). */
let dismissed: Employee[] = []
const haircut = serviceReply({ id: 31, title: 'Haircut', category_id: 5 })
const manicure = serviceReply({ id: 32, title: 'Manicure', category_id: 5 })
/** Who performs which service, by service id, as the server's links hold it. */
const performers = new Map([
  [haircut.id, [1, 3]],
  [manicure.id, [2]],
])
/** While set, the server refuses to list the staff. */
let refuseReads = false

/** Anna on Salon Five's staff, as `role`; the sort and quick-add calls wait in gates. */
async function openStaff(role: Company['user_role'] = 'owner', search = '') {
  held = [
    member(1, 'Maria Ivanova', 3, { has_access_timetable: true }),
    member(2, 'Olga Petrova', 2),
    member(3, 'Irina Volkova', 1),
  ]
  dismissed = []
  api = createFakeApi([{ ...salonFive, user_role: role }])
  sortGate = createGate('post', '/staff/sort')
  quickGate = createGate('post', '/staff/quick')
  inviteGate = createGate('post', `/company/${salonFive.id}/invites`)
  server.use(
    sortGate.handler,
    quickGate.handler,
    inviteGate.handler,
    http.get(`${apiBase}/companies/:id/staff`, ({ request }) => {
      if (refuseReads) return fail(403, { message: 'Forbidden' })
      const query = new URL(request.url).searchParams
      const serviceId = query.get('service_id')
      const list = (query.get('fired') === '1' ? dismissed : held).filter(
        (employee) => serviceId === null || (performers.get(Number(serviceId)) ?? []).includes(employee.id),
      )
      return ok([...list].sort((a, b) => b.weight - a.weight))
    }),
    http.get(`${apiBase}/services/:id/`, () => ok([haircut, manicure])),
    http.get(`${apiBase}/company/:id/positions`, () => ok([stylist])),
    ...api.handlers,
  )
  writeCookie('access_token', api.issue('home-token'))
  app = renderApp(`/en/company/${salonFive.id}/staff${search}`)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
  await screen.findByRole('heading', { name: 'Staff', level: 1 })
}

/** The names as the list shows them, in order. */
const names = () => [...document.querySelectorAll('.staff-row__name')].map((link) => link.textContent)

describe('the staff list', () => {
  it('shows each member with position, speciality and sign-in, and links to the card', async () => {
    await openStaff()
    await waitFor(() => expect(names()).toEqual(['Maria Ivanova', 'Olga Petrova', 'Irina Volkova']))
    const maria = screen.getByRole('link', { name: 'Maria Ivanova' })
    expect(maria.getAttribute('href')).toBe(`/en/company/${salonFive.id}/staff/1`)
    const row = maria.closest('li')!
    expect(row.textContent).toContain('Stylist · Senior stylist')
    expect(row.textContent).toContain('Can sign in')
    expect(screen.getByRole('link', { name: 'Olga Petrova' }).closest('li')!.textContent).toContain(
      'No sign-in',
    )
  })

  it('moves a member up at once, sends the whole order, and keeps the order the server saved', async () => {
    await openStaff()
    await userEvent.click(await screen.findByRole('button', { name: 'Move Irina Volkova up' }))
    // Shown before the server answers.
    expect(names()).toEqual(['Maria Ivanova', 'Irina Volkova', 'Olga Petrova'])
    const request = await sortGate!.next()
    expect(request.body).toEqual({ company_id: salonFive.id, sort: [1, 3, 2] })
    held = held.map((each) => ({ ...each, weight: 3 - [1, 3, 2].indexOf(each.id) }))
    await sortGate!.answer(ok(held))
    await waitFor(() => expect(names()).toEqual(['Maria Ivanova', 'Irina Volkova', 'Olga Petrova']))
    expect(screen.getByRole('button', { name: 'Move Maria Ivanova up' })).toHaveProperty('disabled', true)
  })

  it('puts the old order back and says so when the server refuses', async () => {
    await openStaff()
    // The list read after the failure is held, so what shows is the rollback, not a fresh read.
    const reread = createGate('get', `/companies/${salonFive.id}/staff`)
    server.use(reread.handler)
    await userEvent.click(await screen.findByRole('button', { name: 'Move Maria Ivanova down' }))
    expect(names()).toEqual(['Olga Petrova', 'Maria Ivanova', 'Irina Volkova'])
    await sortGate!.answer(fail(422, { message: 'Validation failed', errors: { sort: ['no'] } }))
    await waitFor(() => expect(names()).toEqual(['Maria Ivanova', 'Olga Petrova', 'Irina Volkova']))
    reread.release()
    await waitFor(() =>
      expect(toastStore.snapshot().map((toast) => toast.message)).toContain(
        'The request was refused. Please try again.',
      ),
    )
  })

  it('searches by name from the address, and offers no ordering while it does', async () => {
    await openStaff('owner', '?q=petr')
    await waitFor(() => expect(names()).toEqual(['Olga Petrova']))
    expect((screen.getByLabelText('Search by name') as HTMLInputElement).value).toBe('petr')
    screen.getByText('Clear the search, the position and the service to change the order of the staff.')
    expect(screen.queryByRole('button', { name: /^Move |^Drag / })).toBeNull()
  })

  it('shows only the staff who perform the chosen service, keeps it in the address, and reads it from there', async () => {
    await openStaff()
    await waitFor(() => expect(names()).toHaveLength(3))
    await userEvent.selectOptions(await screen.findByLabelText('Filter by service'), 'Haircut')
    await waitFor(() => expect(names()).toEqual(['Maria Ivanova', 'Irina Volkova']))
    expect(app!.router.state.location.search).toMatchObject({ service: haircut.id })
    expect(screen.queryByRole('button', { name: /^Move |^Drag / })).toBeNull()
    await userEvent.selectOptions(screen.getByLabelText('Filter by service'), 'Every service')
    await waitFor(() => expect(names()).toHaveLength(3))
    cleanup()
    app?.session.stop()
    api?.release()
    sortGate?.release()
    quickGate?.release()
    await openStaff('owner', `?service=${manicure.id}`)
    await waitFor(() => expect(names()).toEqual(['Olga Petrova']))
    expect((screen.getByLabelText('Filter by service') as HTMLSelectElement).value).toBe(String(manicure.id))
  })

  it('keeps the filters shown when no one performs the chosen service', async () => {
    performers.set(manicure.id, [])
    try {
      await openStaff('owner', `?service=${manicure.id}`)
      await screen.findByText('No staff member matches the search.')
      expect(screen.queryByText(/No one is on the staff yet/)).toBeNull()
      screen.getByLabelText('Filter by service')
    } finally {
      performers.set(manicure.id, [2])
    }
  })

  it('adds a member by name, speciality and position', async () => {
    await openStaff()
    await userEvent.type(screen.getByLabelText('Name'), 'Nadia Kuzmina')
    await userEvent.type(screen.getByLabelText('Speciality'), 'Brow artist')
    await userEvent.selectOptions(await screen.findByLabelText('Position'), 'Stylist')
    await userEvent.click(screen.getByRole('button', { name: 'Add' }))
    expect((await quickGate!.next()).body).toEqual({
      company_id: salonFive.id,
      name: 'Nadia Kuzmina',
      specialization: 'Brow artist',
      position_id: stylist.id,
    })
    const added = member(4, 'Nadia Kuzmina', 4)
    held = [added, ...held]
    await quickGate!.answer(ok(added, { status: 201 }))
    await waitFor(() => expect(names()[0]).toBe('Nadia Kuzmina'))
  })

  it('shows the dismissed tab from the address, with its own empty state', async () => {
    await openStaff('owner', '?tab=dismissed')
    await screen.findByText('No one has been dismissed.')
    expect(screen.getByRole('link', { name: 'Dismissed' }).getAttribute('aria-current')).toBe('page')
    // Nobody is added to the dismissed.
    expect(screen.queryByRole('form', { name: 'Add a staff member' })).toBeNull()
  })

  it('is read-only, and says so, for a member without the staff edit flags', async () => {
    await openStaff('administrator')
    await waitFor(() => expect(names()).toHaveLength(3))
    screen.getByText(/You can see the staff but not change them/)
    expect(screen.queryByRole('form', { name: 'Add a staff member' })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Move |^Drag / })).toBeNull()
  })

  it('says when the list cannot be read, and reads it again on request', async () => {
    refuseReads = true
    await openStaff()
    await screen.findByText('The staff could not be loaded.')
    expect(names()).toEqual([])
    refuseReads = false
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(names()).toHaveLength(3))
  })
})

/** An invitation as the server answers its creation. */
const inviteReply = (fields: { staff_id: number; email?: string | null; phone?: string | null }) => ({
  id: 90,
  email: fields.email ?? null,
  phone: fields.phone ?? null,
  role: 'specialist',
  position_id: null,
  staff_id: fields.staff_id,
  status: 'pending',
  expires_at: '2030-01-08T00:00:00Z',
  created_at: '2030-01-01T00:00:00Z',
  invited_by_name: 'Anna',
})

describe('quick add with a contact and an invitation to sign in', () => {
  const form = () => screen.getByRole('form', { name: 'Add a staff member' })
  const inviteBox = () => screen.getByLabelText('Invite to sign in') as HTMLInputElement

  /** Adds Nadia with `contact` typed into the form, and answers the creation; the staff list then holds her. */
  async function addNadia(contact: { phone?: string; email?: string }, invite: boolean) {
    await openStaff()
    await userEvent.type(screen.getByLabelText('Name'), 'Nadia Kuzmina')
    expect(inviteBox().disabled).toBe(true)
    if (contact.phone) await userEvent.type(screen.getByLabelText('Phone (optional)'), contact.phone)
    if (contact.email) await userEvent.type(screen.getByLabelText('E-mail (optional)'), contact.email)
    expect(inviteBox().disabled).toBe(false)
    if (invite) await userEvent.click(inviteBox())
    await userEvent.click(screen.getByRole('button', { name: 'Add' }))
    // The creation's body stays as SPEC.md has it: no contact in it.
    expect((await quickGate!.next()).body).toEqual({
      company_id: salonFive.id,
      name: 'Nadia Kuzmina',
      specialization: '',
      position_id: null,
    })
    const added = member(4, 'Nadia Kuzmina', 4)
    held = [added, ...held]
    await quickGate!.answer(ok(added, { status: 201 }))
  }

  it('adds without an invitation when the box is left unticked, and sends none', async () => {
    await addNadia({ phone: '+7 999 123-45-67' }, false)
    await within(form()).findByText('Nadia Kuzmina is on the staff.')
    await waitFor(() => expect(names()[0]).toBe('Nadia Kuzmina'))
    expect(inviteGate!.count).toBe(0)
    expect((screen.getByLabelText('Phone (optional)') as HTMLInputElement).value).toBe('')
  })

  it('adds, then invites the new member to the contact through the invitation call', async () => {
    await addNadia({ email: 'nadia@example.com' }, true)
    expect((await inviteGate!.next()).body).toEqual({
      email: 'nadia@example.com',
      role: 'specialist',
      staff_id: 4,
      lang: 'en',
    })
    await inviteGate!.answer(ok(inviteReply({ staff_id: 4, email: 'nadia@example.com' }), { status: 201 }))
    await within(form()).findByText(
      'Nadia Kuzmina is on the staff and invited to sign in at nadia@example.com.',
    )
    await waitFor(() => expect(names()[0]).toBe('Nadia Kuzmina'))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says the member exists and where to invite again when the invitation is refused', async () => {
    await addNadia({ phone: '+7 999 123-45-67' }, true)
    expect((await inviteGate!.next()).body).toMatchObject({ phone: '+7 999 123-45-67', staff_id: 4 })
    await inviteGate!.answer(fail(429, { message: 'Too many invitations' }))
    const alert = await within(form()).findByRole('alert')
    expect(alert.textContent).toContain(
      'Nadia Kuzmina is on the staff, but the invitation was not sent: There have been too many invitations for now. You can send it again from their card.',
    )
    expect(within(alert).getByRole('link', { name: "Open Nadia Kuzmina's card" }).getAttribute('href')).toBe(
      `/en/company/${salonFive.id}/staff/4`,
    )
    await waitFor(() => expect(names()[0]).toBe('Nadia Kuzmina'))
    expect(screen.queryByText('Nadia Kuzmina is on the staff.')).toBeNull()
  })

  it('checks the phone and the e-mail by the shared rules before anything is sent', async () => {
    await openStaff()
    await userEvent.type(screen.getByLabelText('Name'), 'Nadia Kuzmina')
    await userEvent.type(screen.getByLabelText('Phone (optional)'), '12')
    await userEvent.type(screen.getByLabelText('E-mail (optional)'), 'nadia@')
    await userEvent.click(inviteBox())
    await userEvent.click(screen.getByRole('button', { name: 'Add' }))
    await screen.findByText('Enter a phone number of 5 to 15 digits, for example +7 999 123-45-67.')
    screen.getByText('Enter an e-mail like name@example.com.')
    expect(quickGate!.count).toBe(0)
    expect(inviteGate!.count).toBe(0)
  })
})
