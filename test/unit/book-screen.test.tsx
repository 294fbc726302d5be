import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse, type HttpHandler } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { Appointment, PaymentOptions } from '../../contract/appointments/schemas'
import type { Rights } from '../../contract/access/rights-catalogue'
import { rightsForRole } from '../../contract/access/role-presets'
import type { Company } from '../../contract/companies/schemas'
import type { NewOnlineBooking } from '../../contract/online-booking/new-bookings'
import { ErrorCode } from '../../contract/error-codes'
import { apiBase } from '../../src/api/client'
import { writeCookie } from '../../src/api/cookies'
import { toastStore } from '../../src/ui/toast-store'
import { employeeReply, serviceReply } from '../support/catalogue-replies'
import { anna, createFakeApi, fail, ok, salonOne, type FakeApi } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'

const server = useMswServer()

let app: RenderedApp | undefined
let api: FakeApi | undefined

afterEach(() => {
  cleanup()
  toastStore.clear()
  app?.session.stop()
  api?.release()
  clearAppCookies()
  app = api = undefined
})

const maria = employeeReply(11, 'Maria Ivanova', 'Stylist')
const elena = employeeReply(12, 'Elena Smirnova', 'Nail artist')
const haircut = serviceReply({ id: 31, title: "Women's haircut", category_id: 1 })

/** 2030-01-07 is a Monday; Moscow is UTC+3, so 10:00 there is 07:00Z. */
const confirmed: Appointment = {
  id: 501,
  staff_id: maria.id,
  client: { id: 41, name: 'Anna Smirnova', phone: '+79161234501' },
  start_at: '2030-01-07T07:00:00.000Z',
  end_at: '2030-01-07T08:00:00.000Z',
  busy_until: '2030-01-07T08:00:00.000Z',
  status: 'confirmed',
  comment: '',
  custom_fields: {},
  services: [
    {
      service_id: haircut.id,
      title: "Women's haircut",
      composite_id: null,
      start_at: '2030-01-07T07:00:00.000Z',
      end_at: '2030-01-07T08:00:00.000Z',
    },
  ],
  resource_instance_ids: [],
  price: 2500,
  payment: null,
  created_by: null,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
}

/** The terms and descriptions of a details list, pair by pair, as a reader hears them. */
const factsOf = (element: HTMLElement) =>
  [...element.querySelectorAll('dt')].map((term) => [
    term.textContent,
    term.nextElementSibling?.textContent?.replace(/\s+/g, ' ').trim(),
  ])

/** What the server offers a cashier limited to the front desk cash: that account alone. */
const frontDeskOnly: PaymentOptions = {
  accounts: [{ id: 7, title: 'Front desk cash', type: 'cash' }],
  payment_methods: [
    { slug: 'cash', title: 'Cash' },
    { slug: 'card', title: 'Bank card' },
  ],
  limited: true,
}

/** Record-kind custom fields of the salon: five types shown in the record window, and one that is not. */
const recordField = (
  id: number,
  title: string,
  slug: string,
  extra: { values?: Record<string, string>; shown?: boolean } = {},
) => ({
  id,
  code: `field_${id}`,
  title,
  parent_entity_type: 'record',
  weight: id,
  values: extra.values ?? [],
  custom_field_type: { id, slug, title: slug },
  ui_options: { show_in_record_window: extra.shown ?? true, show_in_client_window: false },
})
const recordFields = [
  recordField(71, 'Formula', 'text'),
  recordField(72, 'Tone', 'number'),
  recordField(73, 'Hair type', 'select', { values: { thin: 'Thin', thick: 'Thick' } }),
  recordField(74, 'Wash', 'checkbox'),
  recordField(75, 'Patch test', 'date'),
  recordField(76, 'Internal code', 'text', { shown: false }),
]

interface Asked {
  lists: string[]
  slots: string[]
  created: unknown[]
  statuses: unknown[]
  refunds: unknown[]
  moves: unknown[]
  seen: unknown[]
}

/** Anna Smirnova booked the confirmed appointment online; new to the member until they look. */
const bookedOnline: NewOnlineBooking = {
  appointment_id: confirmed.id,
  staff_id: maria.id,
  staff_name: 'Maria Ivanova',
  client_name: 'Anna Smirnova',
  services: ["Women's haircut"],
  start_at: confirmed.start_at,
  booked_at: '2030-01-05T12:30:00.123Z',
  status: 'confirmed',
}

/**
 * Opens the book as a member of `company` with the role's rights changed by `access`; `appointment` changes the
 * seeded one; `newOnline` are the online bookings new to the member; `first` answers before the usual replies.
 */
async function openBook(
  path: string,
  company: Company = salonOne,
  options: {
    access?: Partial<Rights>
    appointment?: Partial<Appointment>
    newOnline?: NewOnlineBooking[]
    first?: HttpHandler[]
    paymentOptions?: PaymentOptions
  } = {},
) {
  api = createFakeApi([company])
  let shown = { ...confirmed, ...options.appointment }
  const paymentOptions = options.paymentOptions ?? frontDeskOnly
  const asked: Asked = {
    lists: [],
    slots: [],
    created: [],
    statuses: [],
    refunds: [],
    moves: [],
    seen: [],
  }
  let bookings = 0
  let newOnline = options.newOnline ?? []
  server.use(
    ...(options.first ?? []),
    http.get(`${apiBase}/company/:id/online_bookings/new`, () =>
      ok({ seen_until: null, bookings: newOnline }),
    ),
    http.post(`${apiBase}/company/:id/online_bookings/seen`, async ({ request }) => {
      const body = (await request.json()) as { until: string }
      asked.seen.push(body)
      newOnline = newOnline.filter((booking) => booking.booked_at > body.until)
      return ok({ seen_until: body.until })
    }),
    http.get(`${apiBase}/companies/:id/staff`, () => ok([maria, elena])),
    http.get(`${apiBase}/company/:id/appointments`, ({ request }) => {
      const params = new URL(request.url).searchParams
      asked.lists.push(params.toString())
      const onDay = params.get('date') === '2030-01-07' || params.get('days') === '7'
      return ok({ timezone: 'Europe/Moscow', appointments: onDay ? [shown] : [] })
    }),
    http.get(`${apiBase}/services/:id/`, ({ request }) =>
      ok(new URL(request.url).searchParams.get('staff_id') === String(maria.id) ? [haircut] : []),
    ),
    http.get(`${apiBase}/company/:id/appointments/free-slots`, ({ request }) => {
      asked.slots.push(new URL(request.url).searchParams.toString())
      // After the first booking failed on a taken 12:00, that time is gone from the free ones.
      const times = bookings === 0 ? ['11:00', '12:00', '13:00'] : ['11:00', '13:00']
      return ok({
        date: '2030-01-07',
        timezone: 'Europe/Moscow',
        duration_sec: 3600,
        break_sec: 0,
        hours: [{ start: '10:00', end: '20:00' }],
        slots: times.map((time) => ({
          time,
          start_at: `2030-01-07T${String(Number(time.slice(0, 2)) - 3).padStart(2, '0')}:00:00.000Z`,
        })),
      })
    }),
    http.get(`${apiBase}/company/:id/clients`, () =>
      HttpResponse.json({
        success: true,
        data: [
          {
            id: 41,
            name: 'Anna',
            surname: 'Smirnova',
            phone: '+79161234501',
            phone_hidden: false,
            email: null,
            labels: [],
            categories: [],
          },
        ],
        meta: { page: 1, per_page: 25, total: 1 },
      }),
    ),
    http.post(`${apiBase}/company/:id/appointments`, async ({ request }) => {
      const body = (await request.json()) as { start_at: string }
      asked.created.push(body)
      bookings += 1
      if (bookings === 1) {
        return fail(
          409,
          { message: 'The staff member already has an appointment at this time' },
          ErrorCode.appointmentSlotTaken,
        )
      }
      return ok({ ...confirmed, id: 502, status: 'booked', start_at: body.start_at }, { status: 201 })
    }),
    http.patch(`${apiBase}/company/:id/appointments/:appointmentId`, async ({ request, params }) => {
      const body = (await request.json()) as { custom_fields?: Record<string, unknown> }
      asked.moves.push({ id: Number(params.appointmentId), ...body })
      // The server checks each value by its field's type; "bad" stands for a value it refuses.
      if (body.custom_fields?.['71'] === 'bad') {
        return fail(422, {
          message: 'Validation failed',
          errors: { 'custom_fields.71': ['must be text of at most 1000 characters'] },
        })
      }
      // Cleared values (null) are gone from the answer, as the server drops them.
      const values = Object.entries({ ...shown.custom_fields, ...body.custom_fields }).filter(
        ([, value]) => value !== null,
      )
      return ok({ ...shown, ...body, custom_fields: Object.fromEntries(values) })
    }),
    http.put(`${apiBase}/company/:id/appointments/:appointmentId/status`, async ({ request }) => {
      const body = (await request.json()) as {
        status: Appointment['status']
        payment?: { amount: number; account_id: number; payment_method?: string }
      }
      asked.statuses.push(body)
      if (!body.payment) return ok({ ...confirmed, status: body.status })
      // A payment is kept with the appointment, and the book's next read shows it.
      shown = {
        ...shown,
        status: body.status,
        payment: {
          amount: body.payment.amount,
          account_id: body.payment.account_id,
          account_title:
            paymentOptions.accounts.find((account) => account.id === body.payment!.account_id)?.title ?? '',
          payment_method: body.payment.payment_method ?? null,
          payment_method_title:
            paymentOptions.payment_methods.find((item) => item.slug === body.payment!.payment_method)
              ?.title ?? null,
          taken_by: anna.id,
          taken_at: '2030-01-07T09:00:00.000Z',
          refunded: 0,
          refunds: [],
        },
      }
      return ok(shown)
    }),
    http.post(`${apiBase}/company/:id/appointments/:appointmentId/refunds`, async ({ request }) => {
      const body = (await request.json()) as { amount: number; account_id: number; reason?: string }
      asked.refunds.push(body)
      // The refund is kept under the payment; refunded in full, the visit is back to arrived.
      const payment = shown.payment!
      const refunded = payment.refunded + body.amount
      shown = {
        ...shown,
        status: refunded >= payment.amount ? 'arrived' : 'paid',
        payment: {
          ...payment,
          refunded,
          refunds: [
            ...payment.refunds,
            {
              id: payment.refunds.length + 1,
              amount: body.amount,
              account_id: body.account_id,
              account_title:
                paymentOptions.accounts.find((account) => account.id === body.account_id)?.title ?? '',
              reason: body.reason ?? '',
              refunded_by: anna.id,
              refunded_by_name: anna.name,
              refunded_at: '2030-01-07T11:15:00.000Z',
            },
          ],
        },
      }
      return ok(shown, { status: 201 })
    }),
    http.get(`${apiBase}/company/:id/appointments/payment-options`, () => ok(paymentOptions)),
    http.get(`${apiBase}/companies/:id/custom_fields`, ({ request }) =>
      new URL(request.url).searchParams.get('filter[parent_entity_type]') === 'record'
        ? ok(recordFields)
        : ok([]),
    ),
    ...(options.access
      ? [
          http.get(`${apiBase}/company/:id/`, () =>
            ok({ ...company, access: { ...rightsForRole(company.user_role), ...options.access } }),
          ),
        ]
      : []),
    ...api.handlers,
  )
  writeCookie('access_token', api.issue('owner-token'))
  app = renderApp(path)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
  // The first render loads the book's code; on a busy machine that takes longer than the default wait.
  await screen.findByRole('heading', { name: 'Appointment book', level: 1 }, { timeout: 15_000 })
  return asked
}

const block = () => screen.findByRole('button', { name: /Anna Smirnova/ })

describe('the appointment book', () => {
  it('shows a day with a column per staff member and the appointments as blocks, and steps between days', async () => {
    const asked = await openBook(`/en/company/${salonOne.id}/book?date=2030-01-07`)
    await screen.findByRole('heading', { name: 'Monday, January 7', level: 2 })
    const column = screen.getByRole('group', { name: 'Maria Ivanova' })
    screen.getByRole('group', { name: 'Elena Smirnova' })
    // The block is in Maria's column, at Moscow's wall-clock time, with client, service and status.
    const shown = await within(column).findByRole('button', { name: /Anna Smirnova/ })
    expect(shown.textContent).toBe("10:00–11:00 Anna Smirnova Women's haircut Confirmed")
    expect(shown.className).toContain('book-block--confirmed')
    expect(
      within(screen.getByRole('group', { name: 'Elena Smirnova' })).queryByRole('button', { name: /Anna/ }),
    ).toBeNull()

    await userEvent.click(screen.getByRole('button', { name: 'Next day' }))
    await screen.findByRole('heading', { name: 'Tuesday, January 8', level: 2 })
    expect(app!.router.state.location.search).toMatchObject({ date: '2030-01-08' })
    await screen.findByText('No appointments on this day.')
    expect(asked.lists).toContain('date=2030-01-08&days=1')

    // The week of one staff member: seven days from Monday, read in one call.
    await userEvent.click(screen.getByRole('link', { name: 'Week' }))
    await screen.findByRole('heading', { name: 'Week of Monday, January 7', level: 2 })
    await waitFor(() => expect(asked.lists).toContain(`date=2030-01-07&days=7&staff_id=${maria.id}`))
    const monday = screen.getByRole('group', { name: 'Mon, Jan 7' })
    await within(monday).findByRole('button', { name: /Anna Smirnova/ })
    expect(screen.getAllByRole('columnheader')).toHaveLength(7)
    within(monday).getByRole('button', { name: 'Book Maria Ivanova, Mon, Jan 7 at 12:00' })
  })

  it('books a client found in the base at the place clicked; a time taken meanwhile is said and another is chosen', async () => {
    const asked = await openBook(`/en/company/${salonOne.id}/book?date=2030-01-07`)
    await block()
    await userEvent.click(screen.getByRole('button', { name: 'Book Maria Ivanova at 12:00' }))
    const dialog = await screen.findByRole('dialog', { name: 'New appointment' })
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Staff member' }).value).toBe(
      String(maria.id),
    )
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: "Women's haircut" }))
    // The time clicked is chosen once the free times arrive.
    await waitFor(() =>
      expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Time' }).value).toBe(
        '2030-01-07T09:00:00.000Z',
      ),
    )
    expect(asked.slots).toContain(`staff_id=${maria.id}&service_ids=${haircut.id}&date=2030-01-07`)
    await userEvent.type(
      within(dialog).getByRole('searchbox', { name: 'Find a client by name or phone' }),
      'Anna',
    )
    await userEvent.click(await within(dialog).findByRole('button', { name: /Anna Smirnova/ }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book' }))
    await within(dialog).findByText('This time has just been taken. Choose another free time.')
    // The free times are read again: 12:00 is gone, and the user picks 13:00.
    const time = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Time' })
    await waitFor(() =>
      expect([...time.options].map((option) => option.text)).toEqual(['—', '11:00', '13:00']),
    )
    await userEvent.selectOptions(time, '13:00')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New appointment' })).toBeNull())
    expect(asked.created).toEqual([
      { staff_id: maria.id, service_ids: [haircut.id], start_at: '2030-01-07T09:00:00.000Z', client_id: 41 },
      { staff_id: maria.id, service_ids: [haircut.id], start_at: '2030-01-07T10:00:00.000Z', client_id: 41 },
    ])
    await screen.findByText('The appointment is booked.')
  })

  it('opens an appointment with exactly the status changes its lifecycle allows, and marks the client arrived', async () => {
    const asked = await openBook(`/en/company/${salonOne.id}/book?date=2030-01-07`)
    await userEvent.click(await block())
    const dialog = await screen.findByRole('dialog', { name: 'Anna Smirnova' })
    expect(app!.router.state.location.search).toMatchObject({ appointment: confirmed.id })
    // The client's phone is shown as people read it, not as stored.
    within(dialog).getByText('+7 916 123 45 01')
    const changes = within(dialog).getByRole('group', { name: 'Change the status' })
    expect(
      within(changes)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Back to booked', 'Client arrived', 'Client did not come', 'Cancel appointment'])
    await userEvent.click(within(changes).getByRole('button', { name: 'Client arrived' }))
    await waitFor(() => expect(asked.statuses).toEqual([{ status: 'arrived' }]))
    await screen.findByText('The appointment is now: Arrived.')
  })

  it('takes the payment of an arrived visit into an account the member may use, and then shows it', async () => {
    const asked = await openBook(
      `/en/company/${salonOne.id}/book?date=2030-01-07&appointment=${confirmed.id}`,
      salonOne,
      { appointment: { status: 'arrived' } },
    )
    const dialog = await screen.findByRole('dialog', { name: 'Anna Smirnova' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }))
    // Nothing is marked until the payment is confirmed.
    const step = await within(dialog).findByRole('group', { name: 'Take the payment' })
    expect(asked.statuses).toEqual([])
    const amount = within(step).getByRole('textbox', { name: 'Amount, ₽' })
    expect(amount).toHaveProperty('value', '2500')
    const account = within(step).getByRole('combobox', { name: 'Account' })
    expect(
      within(account)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Front desk cash'])
    const method = within(step).getByRole('combobox', { name: 'Payment method' })
    expect(
      within(method)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Not specified', 'Cash', 'Bank card'])
    // A negative amount is refused before anything is sent.
    await userEvent.clear(amount)
    await userEvent.type(amount, '-5')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm payment' }))
    await within(step).findByText('Enter an amount of money, such as 2500 or 2500.50.')
    expect(asked.statuses).toEqual([])
    await userEvent.clear(amount)
    await userEvent.type(amount, '2400,5')
    await userEvent.selectOptions(method, 'card')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm payment' }))
    await waitFor(() =>
      expect(asked.statuses).toEqual([
        { status: 'paid', payment: { amount: 2400.5, account_id: 7, payment_method: 'card' } },
      ]),
    )
    await screen.findByText('The payment is taken and the visit is paid.')
    const paid = await within(dialog).findByRole('region', { name: 'Payment' })
    expect(factsOf(paid)).toEqual([
      ['Amount paid', '2 400.5 ₽ Mon, Jan 7, 12:00'],
      ['Account', 'Front desk cash'],
      ['Payment method', 'Bank card'],
    ])
    expect(within(dialog).queryByRole('group', { name: 'Take the payment' })).toBeNull()
  })

  /** A visit paid 2500 RUB by card into the front desk cash at 12:00 Moscow time. */
  const paidVisit: Partial<Appointment> = {
    status: 'paid',
    payment: {
      amount: 2500,
      account_id: 7,
      account_title: 'Front desk cash',
      payment_method: 'card',
      payment_method_title: 'Bank card',
      taken_by: anna.id,
      taken_at: '2030-01-07T09:00:00.000Z',
      refunded: 0,
      refunds: [],
    },
  }

  it('refunds part of a paid visit, shows the refund under the payment, then refunds the rest back to arrived', async () => {
    const asked = await openBook(
      `/en/company/${salonOne.id}/book?date=2030-01-07&appointment=${confirmed.id}`,
      salonOne,
      { appointment: paidVisit },
    )
    const dialog = await screen.findByRole('dialog', { name: 'Anna Smirnova' })
    const paid = within(dialog).getByRole('region', { name: 'Payment' })
    expect(factsOf(paid)).toEqual([
      ['Amount paid', '2 500 ₽ Mon, Jan 7, 12:00'],
      ['Account', 'Front desk cash'],
      ['Payment method', 'Bank card'],
    ])
    await userEvent.click(within(paid).getByRole('button', { name: 'Refund' }))
    // Nothing is refunded until it is confirmed; the whole payment is proposed.
    const step = await within(dialog).findByRole('group', { name: 'Refund the payment' })
    expect(asked.refunds).toEqual([])
    const amount = within(step).getByRole('textbox', { name: 'Amount, ₽' })
    expect(amount).toHaveProperty('value', '2500')
    expect(within(step).getByRole('combobox', { name: 'Refund from the account' })).toHaveProperty(
      'value',
      '7',
    )
    // More than was paid is refused before anything is sent.
    await userEvent.clear(amount)
    await userEvent.type(amount, '2500.01')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm refund' }))
    await within(step).findByText('Enter an amount more than zero and at most 2 500 ₽.')
    expect(asked.refunds).toEqual([])
    await userEvent.clear(amount)
    await userEvent.type(amount, '1000')
    await userEvent.type(within(step).getByRole('textbox', { name: 'Reason (optional)' }), 'Fringe too short')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm refund' }))
    await waitFor(() =>
      expect(asked.refunds).toEqual([{ amount: 1000, account_id: 7, reason: 'Fringe too short' }]),
    )
    await screen.findByText('The refund is made; the visit stays paid.')
    const refunds = await within(dialog).findByRole('list', { name: 'Refunds' })
    expect(
      within(refunds)
        .getAllByRole('listitem')
        .map((item) => [...item.children].map((part) => part.textContent)),
    ).toEqual([['−1 000 ₽', 'Front desk cash', 'Fringe too short', 'Anna, Mon, Jan 7, 14:15']])
    expect(factsOf(within(dialog).getByRole('region', { name: 'Payment' }))).toContainEqual([
      'Refunded',
      '1 000 ₽ of 2 500 ₽',
    ])
    // The rest goes back by default, and the visit is no longer paid.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }))
    const again = await within(dialog).findByRole('group', { name: 'Refund the payment' })
    expect(within(again).getByRole('textbox', { name: 'Amount, ₽' })).toHaveProperty('value', '1500')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm refund' }))
    await screen.findByText('The payment is refunded in full; the client is marked arrived.')
    expect(asked.refunds).toEqual([
      { amount: 1000, account_id: 7, reason: 'Fringe too short' },
      { amount: 1500, account_id: 7 },
    ])
    await within(dialog).findByRole('button', { name: 'Mark paid' })
    expect(within(dialog).queryByRole('button', { name: 'Refund' })).toBeNull()
    expect(factsOf(within(dialog).getByRole('region', { name: 'Payment' }))).toContainEqual([
      'Refunded',
      '2 500 ₽, in full',
    ])
  })

  it('disables the refund with the reason for a member who may not take payments', async () => {
    const asked = await openBook(
      `/en/company/${salonOne.id}/book?date=2030-01-07&appointment=${confirmed.id}`,
      salonOne,
      { appointment: paidVisit, access: { record_finances_payment_access: false } },
    )
    const dialog = await screen.findByRole('dialog', { name: 'Anna Smirnova' })
    const refund = await within(dialog).findByRole('button', { name: 'Refund' })
    expect(refund).toHaveProperty('disabled', true)
    expect(document.getElementById(refund.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Your rights in this company do not include taking or refunding payments.',
    )
    await userEvent.click(refund)
    expect(within(dialog).queryByRole('group', { name: 'Refund the payment' })).toBeNull()
    expect(asked.refunds).toEqual([])
  })

  it('disables the payment with the reason when no account is open to the member', async () => {
    const asked = await openBook(
      `/en/company/${salonOne.id}/book?date=2030-01-07&appointment=${confirmed.id}`,
      salonOne,
      {
        appointment: { status: 'arrived' },
        paymentOptions: { accounts: [], payment_methods: [], limited: true },
      },
    )
    const dialog = await screen.findByRole('dialog', { name: 'Anna Smirnova' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }))
    const confirm = await within(dialog).findByRole('button', { name: 'Confirm payment' })
    expect(confirm).toHaveProperty('disabled', true)
    expect(document.getElementById(confirm.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'You may not take payments: no account is open to you.',
    )
    expect(within(dialog).getByRole('group', { name: 'Take the payment' })).toHaveProperty('disabled', true)
    fireEvent.submit(confirm.closest('form')!)
    expect(asked.statuses).toEqual([])
  })

  it('moves a block by keyboard: Alt with the arrows a quarter hour later, or to the next staff member', async () => {
    const asked = await openBook(`/en/company/${salonOne.id}/book?date=2030-01-07`)
    const shown = await block()
    expect(
      document.getElementById((shown.getAttribute('aria-describedby') ?? '').split(' ')[0]!)?.textContent,
    ).toContain('press Alt with an arrow key')
    shown.focus()
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}')
    await waitFor(() =>
      expect(asked.moves).toEqual([
        { id: confirmed.id, staff_id: maria.id, start_at: '2030-01-07T07:15:00.000Z' },
      ]),
    )
    await screen.findByText('The appointment is moved.')
    // The list is read again after the move; the block is still at 10:00 here, so the next key starts from it.
    ;(await block()).focus()
    await userEvent.keyboard('{Alt>}{ArrowRight}{/Alt}')
    await waitFor(() =>
      expect(asked.moves).toContainEqual({
        id: confirmed.id,
        staff_id: elena.id,
        start_at: '2030-01-07T07:00:00.000Z',
      }),
    )
    // A plain arrow key without Alt moves nothing.
    ;(await block()).focus()
    await userEvent.keyboard('{ArrowDown}')
    expect(asked.moves).toHaveLength(2)
  })

  it('shows a specialist the status changes their rights lack disabled, with the reason', async () => {
    await openBook(`/en/company/${salonOne.id}/book?date=2030-01-07&appointment=${confirmed.id}`, {
      ...salonOne,
      user_role: 'specialist',
    })
    const dialog = await screen.findByRole('dialog', { name: 'Anna Smirnova' })
    const changes = within(dialog).getByRole('group', { name: 'Change the status' })
    const arrived = within(changes).getByRole('button', { name: 'Client arrived' })
    expect(arrived).toHaveProperty('disabled', true)
    expect(document.getElementById(arrived.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Your rights in this company do not include marking visits.',
    )
    // Cancelling is a change of the appointment, which a specialist may make.
    expect(within(changes).getByRole('button', { name: 'Cancel appointment' })).toHaveProperty(
      'disabled',
      false,
    )
  })

  it('shows a specialist limited to one staff member only that column, and an appointment older than their edit window with every change disabled and the reason', async () => {
    // A Monday long past; the specialist's preset allows changes from yesterday on and bookings from today on.
    const old = {
      ...confirmed,
      id: 601,
      start_at: '2020-01-06T07:00:00.000Z',
      end_at: '2020-01-06T08:00:00.000Z',
    }
    const moscowDay = (daysAgo: number) =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'Europe/Moscow',
        weekday: 'long',
        month: 'long',
        day: 'numeric',
      }).format(new Date(Date.now() - daysAgo * 86_400_000))
    const asked = await openBook(
      `/en/company/${salonOne.id}/book?date=2020-01-06`,
      { ...salonOne, user_role: 'specialist' },
      {
        access: { restricted_master_id: maria.id },
        first: [
          http.get(`${apiBase}/company/:id/appointments`, () =>
            ok({ timezone: 'Europe/Moscow', appointments: [old] }),
          ),
        ],
      },
    )
    await screen.findByRole('heading', { name: 'Monday, January 6', level: 2 })
    // Only Maria's column; Elena's is not there at all.
    const column = await screen.findByRole('group', { name: 'Maria Ivanova' })
    expect(screen.queryByRole('group', { name: 'Elena Smirnova' })).toBeNull()
    expect(screen.getAllByRole('columnheader').map((head) => head.textContent)).toEqual(['Maria Ivanova'])
    // A day before the create window offers no empty place to book, and says from when on one may.
    expect(within(column).queryAllByRole('button', { name: /^Book / })).toEqual([])
    screen.getByText(`You may book appointments from ${moscowDay(0)} on only.`)
    // The block cannot be dragged or moved by keys.
    const shown = await within(column).findByRole('button', { name: /Anna Smirnova/ })
    expect(shown.getAttribute('aria-describedby')).toBeNull()
    shown.focus()
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}')
    expect(asked.moves).toEqual([])

    await userEvent.click(shown)
    const dialog = await screen.findByRole('dialog', { name: 'Anna Smirnova' })
    const changes = within(dialog).getByRole('group', { name: 'Change the status' })
    const reason = `You may change appointments from ${moscowDay(1)} on only.`
    for (const button of within(changes).getAllByRole('button')) {
      expect(button).toHaveProperty('disabled', true)
      expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(reason)
    }
    const move = within(dialog).getByRole('group', { name: 'Move to another time or staff member' })
    expect(move).toHaveProperty('disabled', true)
    expect(document.getElementById(move.getAttribute('aria-describedby') ?? '')?.textContent).toBe(reason)
    // The staff member to move to lists only Maria too.
    const staffField = within(move).getByRole<HTMLSelectElement>('combobox', { name: 'Staff member' })
    expect([...staffField.options].map((option) => option.text)).toEqual(['Maria Ivanova'])
  })

  it('shows a member limited to one hall or department only its columns, and names the group', async () => {
    const inHall = { ...maria, record_group_id: 7 }
    const inNails = { ...elena, record_group_id: 8 }
    await openBook(`/en/company/${salonOne.id}/book?date=2030-01-07&appointment=${confirmed.id}`, salonOne, {
      access: { restricted_record_group_id: 7 },
      first: [
        // The staff list as a server that did not narrow it would answer: the book narrows it itself too.
        http.get(`${apiBase}/companies/:id/staff`, () => ok([inHall, inNails])),
        http.get(`${apiBase}/company/:id/record_groups`, () =>
          ok([{ id: 7, title: 'Hair hall', staff: [{ id: maria.id, name: maria.name }] }]),
        ),
      ],
    })
    await screen.findByRole('group', { name: 'Maria Ivanova' })
    expect(screen.queryByRole('group', { name: 'Elena Smirnova' })).toBeNull()
    expect(screen.getAllByRole('columnheader').map((head) => head.textContent)).toEqual(['Maria Ivanova'])
    await screen.findByText('Your rights show the staff of “Hair hall” only.')
    // Moving the appointment offers the group's staff members alone.
    const dialog = await screen.findByRole('dialog', { name: 'Anna Smirnova' })
    const move = within(dialog).getByRole('group', { name: 'Move to another time or staff member' })
    const staffField = within(move).getByRole<HTMLSelectElement>('combobox', { name: 'Staff member' })
    expect([...staffField.options].map((option) => option.text)).toEqual(['Maria Ivanova'])
  })

  it('shows the custom fields meant for the record window by type, and saves them on the appointment', async () => {
    const asked = await openBook(
      `/en/company/${salonOne.id}/book?date=2030-01-07&appointment=${confirmed.id}`,
      salonOne,
      { appointment: { custom_fields: { '71': 'Blond 8/1', '75': '2030-01-05' } } },
    )
    const dialog = await screen.findByRole('dialog', { name: 'Anna Smirnova' })
    const fields = within(await within(dialog).findByRole('group', { name: 'Appointment fields' }))
    expect(fields.getByRole<HTMLInputElement>('textbox', { name: 'Formula' }).value).toBe('Blond 8/1')
    expect(fields.getByLabelText<HTMLInputElement>('Patch test').value).toBe('2030-01-05')
    expect(fields.getByLabelText<HTMLInputElement>('Patch test').type).toBe('date')
    expect(fields.getByRole<HTMLInputElement>('spinbutton', { name: 'Tone' }).value).toBe('')
    const hairType = fields.getByRole<HTMLSelectElement>('combobox', { name: 'Hair type' })
    expect([...hairType.options].map((option) => option.textContent)).toEqual(['—', 'Thin', 'Thick'])
    // A field whose ui option keeps it out of the record window is not there.
    expect(fields.queryByRole('textbox', { name: 'Internal code' })).toBeNull()

    await userEvent.type(fields.getByRole('spinbutton', { name: 'Tone' }), '7.5')
    await userEvent.selectOptions(hairType, 'thick')
    await userEvent.click(fields.getByRole('checkbox', { name: 'Wash' }))
    await userEvent.clear(fields.getByLabelText('Patch test'))
    await userEvent.click(fields.getByRole('button', { name: 'Save the fields' }))
    await waitFor(() =>
      expect(asked.moves).toEqual([
        {
          id: confirmed.id,
          custom_fields: { '71': 'Blond 8/1', '72': 7.5, '73': 'thick', '74': true, '75': null },
        },
      ]),
    )
    await screen.findByText("The appointment's fields are saved.")

    // A value the server refuses is said at its field, in the server's words.
    await userEvent.clear(fields.getByRole('textbox', { name: 'Formula' }))
    await userEvent.type(fields.getByRole('textbox', { name: 'Formula' }), 'bad')
    await userEvent.click(fields.getByRole('button', { name: 'Save the fields' }))
    const formula = fields.getByRole('textbox', { name: 'Formula' })
    await waitFor(() => expect(formula.getAttribute('aria-invalid')).toBe('true'))
    expect(
      document.getElementById(formula.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent,
    ).toContain('must be text of at most 1000 characters')
  })

  it('shows the fields disabled with the reason to a member who may read them only, and not at all without reading', async () => {
    await openBook(`/en/company/${salonOne.id}/book?date=2030-01-07&appointment=${confirmed.id}`, salonOne, {
      access: {
        custom_fields_record_values_read_access: true,
        custom_fields_record_values_edit_access: false,
      },
      appointment: { custom_fields: { '71': 'Blond 8/1' } },
    })
    const dialog = await screen.findByRole('dialog', { name: 'Anna Smirnova' })
    const group = await within(dialog).findByRole('group', { name: 'Appointment fields' })
    expect(within(group).getByRole<HTMLInputElement>('textbox', { name: 'Formula' })).toHaveProperty(
      'disabled',
      true,
    )
    expect(within(group).queryByRole('button', { name: 'Save the fields' })).toBeNull()
    expect(document.getElementById(group.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Your rights in this company let you read the custom fields of appointments but not change them.',
    )
    cleanup()
    app?.session.stop()
    api?.release()
    clearAppCookies()
    await openBook(`/en/company/${salonOne.id}/book?date=2030-01-07&appointment=${confirmed.id}`, salonOne, {
      access: {
        custom_fields_record_values_read_access: false,
        custom_fields_record_values_edit_access: false,
      },
    })
    const blind = await screen.findByRole('dialog', { name: 'Anna Smirnova' })
    await within(blind).findByRole('group', { name: 'Change the status' })
    expect(within(blind).queryByRole('group', { name: 'Appointment fields' })).toBeNull()
  })

  it('resizes a block by keyboard (Alt+Shift with up or down) and by dragging its bottom edge, a quarter hour at a time', async () => {
    const asked = await openBook(`/en/company/${salonOne.id}/book?date=2030-01-07`)
    const shown = await block()
    const hints = (shown.getAttribute('aria-describedby') ?? '').split(' ')
    expect(hints.map((id) => document.getElementById(id)?.textContent).join(' ')).toContain(
      'press Alt and Shift with the up or down arrow',
    )
    shown.focus()
    await userEvent.keyboard('{Alt>}{Shift>}{ArrowDown}{/Shift}{/Alt}')
    await waitFor(() =>
      expect(asked.moves).toEqual([{ id: confirmed.id, end_at: '2030-01-07T08:15:00.000Z' }]),
    )
    await screen.findByText('The appointment now ends at 11:15.')
    ;(await block()).focus()
    await userEvent.keyboard('{Alt>}{Shift>}{ArrowUp}{/Shift}{/Alt}')
    await waitFor(() =>
      expect(asked.moves).toContainEqual({ id: confirmed.id, end_at: '2030-01-07T07:45:00.000Z' }),
    )

    // The bottom edge follows the pointer (jsdom lays nothing out, so a pixel counts as a minute here) and
    // snaps to the quarter hour: 22 pixels down from 11:00 is 11:15 once snapped.
    const edge = screen.getByTestId(`resize-${confirmed.id}`)
    fireEvent.pointerDown(edge, { button: 0, clientY: 100 })
    fireEvent.pointerMove(window, { clientY: 122 })
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Anna Smirnova/ }).textContent).toContain('10:00–11:15'),
    )
    fireEvent.pointerUp(window, { clientY: 122 })
    fireEvent.click(edge)
    await waitFor(() =>
      expect(asked.moves.at(-1)).toEqual({ id: confirmed.id, end_at: '2030-01-07T08:15:00.000Z' }),
    )
    // The click that ends the drag does not open the appointment.
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(asked.moves).toHaveLength(3)
  })

  it('offers no resize to a member without the right to change lengths', async () => {
    const asked = await openBook(`/en/company/${salonOne.id}/book?date=2030-01-07`, salonOne, {
      access: { record_duration_edit_access: false },
    })
    const shown = await block()
    expect(screen.queryByTestId(`resize-${confirmed.id}`)).toBeNull()
    shown.focus()
    await userEvent.keyboard('{Alt>}{Shift>}{ArrowDown}{/Shift}{/Alt}')
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}')
    await waitFor(() => expect(asked.moves).toHaveLength(1))
    expect(asked.moves[0]).toMatchObject({ start_at: '2030-01-07T07:15:00.000Z' })
  })

  it('shows the online bookings new to the member, marks them looked at when opened, and links each to the book', async () => {
    const asked = await openBook(`/en/company/${salonOne.id}/book?date=2030-01-09`, salonOne, {
      newOnline: [bookedOnline],
    })
    const toggle = await screen.findByRole('button', { name: 'New online bookings 1 new' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(asked.seen).toEqual([])
    await userEvent.click(toggle)
    // Moscow's wall clock: 10:00 on Monday, January 7.
    const link = await screen.findByRole('link', { name: /Anna Smirnova/ })
    expect(link.textContent).toBe("Mon, Jan 7, 10:00 Anna Smirnova · Women's haircut · Maria Ivanova")
    await waitFor(() => expect(asked.seen).toEqual([{ until: bookedOnline.booked_at }]))
    // Looked at: no longer counted, still listed while open.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'New online bookings' }).getAttribute('aria-expanded')).toBe(
        'true',
      ),
    )
    await userEvent.click(link)
    await screen.findByRole('heading', { name: 'Monday, January 7', level: 2 })
    expect(app!.router.state.location.search).toMatchObject({ date: '2030-01-07', appointment: confirmed.id })
    const dialog = await screen.findByRole('dialog', { name: 'Anna Smirnova' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Anna Smirnova' })).toBeNull())
    // Closed, with nothing new, the button goes away.
    await userEvent.click(screen.getByRole('button', { name: 'New online bookings' }))
    expect(screen.queryByRole('button', { name: /New online bookings/ })).toBeNull()
  })

  it('shows nothing about online bookings when there are none new', async () => {
    await openBook(`/en/company/${salonOne.id}/book?date=2030-01-07`)
    await block()
    expect(screen.queryByRole('button', { name: /New online bookings/ })).toBeNull()
  })
})
