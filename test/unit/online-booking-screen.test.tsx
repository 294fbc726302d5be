import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../contract/error-codes'
import type {
  OnlineBookingConfirmed,
  OnlineBookingRequest,
  OnlineCatalogue,
} from '../../contract/online-booking/schemas'
import { apiBase } from '../../src/api/client'
import { createFakeApi, fail, ok, type FakeApi } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'

const server = useMswServer()

let app: RenderedApp | undefined
let api: FakeApi | undefined

afterEach(() => {
  cleanup()
  app?.session.stop()
  api?.release()
  clearAppCookies()
  app = api = undefined
})

const catalogue: OnlineCatalogue = {
  company: {
    id: 7,
    title: 'Salon Seven',
    address: 'Tverskaya 7',
    phone: '',
    timezone: 'Europe/Moscow',
    currency: 'RUB',
  },
  services: [
    { id: 1, title: 'Haircut', category: 'Hair', duration_sec: 3600, price_min: 2000, price_max: 2000 },
    { id: 2, title: 'Manicure', category: 'Nails', duration_sec: 2700, price_min: 1200, price_max: 1500 },
  ],
  staff: [
    { id: 11, name: 'Anna', specialization: 'Stylist', service_ids: [1] },
    { id: 12, name: 'Nina', specialization: 'Manicurist', service_ids: [2] },
  ],
  frame_origins: [],
}

const requested: OnlineBookingRequest = {
  request_id: '6d2b1f0e-1111-4222-8333-444455556666',
  channel: 'sms',
  recipient: '+7 916*****67',
  attempts_left: 5,
  wait_period: 60,
  resend_available_at: '2030-01-01T00:00:00Z',
}

const confirmed: OnlineBookingConfirmed = {
  booking: {
    company_id: 7,
    company_title: 'Salon Seven',
    timezone: 'Europe/Moscow',
    staff_name: 'Anna',
    services: ['Haircut'],
    start_at: '2030-01-08T07:00:00.000Z',
    end_at: '2030-01-08T08:00:00.000Z',
    status: 'booked',
    cancellable: true,
  },
  cancel_token: 'a'.repeat(43),
}

describe('the online booking page', () => {
  it('walks services, anyone, a time, contacts and the code; a time taken meanwhile sends the client back', async () => {
    api = createFakeApi([])
    const bodies: Record<string, unknown>[] = []
    const freeTimesAsked: string[] = []
    let requests = 0
    server.use(
      http.get(`${apiBase}/b2c/7`, () => ok(catalogue)),
      http.get(`${apiBase}/b2c/7/free_times`, ({ request }) => {
        freeTimesAsked.push(new URL(request.url).search)
        return ok({
          date: '2030-01-08',
          timezone: 'Europe/Moscow',
          slots: [
            { start_at: '2030-01-08T07:00:00.000Z', time: '10:00' },
            { start_at: '2030-01-08T08:00:00.000Z', time: '11:00' },
          ],
        })
      }),
      http.post(`${apiBase}/b2c/7/requests`, async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>)
        requests += 1
        // The first time asked for was taken by someone else meanwhile.
        return requests === 1
          ? fail(409, { message: 'taken' }, ErrorCode.appointmentSlotTaken)
          : ok(requested, { status: 201 })
      }),
      http.post(`${apiBase}/b2c/7/requests/:requestId/confirm`, async ({ request }) => {
        const { code } = (await request.json()) as { code: string }
        return code === '123456'
          ? ok(confirmed, { status: 201 })
          : HttpResponse.json(
              {
                success: false,
                data: null,
                meta: { message: 'invalid confirmation code' },
                errors: { code: ErrorCode.invalidConfirmationCode, attempts_left: 4 },
              },
              { status: 422 },
            )
      }),
      ...api.handlers,
    )
    app = renderApp('/en/b2c/7')
    await screen.findByRole('heading', { name: 'Salon Seven', level: 1 })
    screen.getByRole('heading', { name: 'Choose services' })
    // Each service with its length and its price in the salon's currency.
    screen.getByText('60 min · 2 000 ₽')
    screen.getByText('45 min · 1 200–1 500 ₽')

    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByText('Pick at least one service.')
    await userEvent.click(screen.getByRole('checkbox', { name: /Haircut/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))

    // Only Anna does the haircut; "anyone" is the first choice.
    await screen.findByRole('heading', { name: 'Choose a staff member' })
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')!.textContent)).toEqual([
      'Anyone free at the time I pick',
      'AnnaStylist',
    ])
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))

    await screen.findByRole('heading', { name: 'Choose a time' })
    await userEvent.click(await screen.findByRole('button', { name: '10:00' }))
    expect(freeTimesAsked[0]).toMatch(/service_ids=1&staff_id=any&date=\d{4}-\d{2}-\d{2}/)

    await screen.findByRole('heading', { name: 'Your contacts' })
    await userEvent.type(await screen.findByLabelText('Your name'), 'Vera')
    await userEvent.type(screen.getByLabelText(/^Phone/), '12345')
    await userEvent.click(screen.getByRole('button', { name: 'Get a code' }))
    await screen.findByText('Enter a valid phone number.')
    expect(bodies).toEqual([])
    await userEvent.clear(screen.getByLabelText(/^Phone/))
    await userEvent.type(screen.getByLabelText(/^Phone/), '8 916 123-45-67')
    await userEvent.click(screen.getByRole('button', { name: 'Get a code' }))

    // Taken meanwhile: back on the times, with the reason.
    await screen.findByText('Someone has just booked the time you picked. Please pick another time.')
    screen.getByRole('heading', { name: 'Choose a time' })
    await userEvent.click(await screen.findByRole('button', { name: '11:00' }))
    await screen.findByRole('heading', { name: 'Your contacts' })
    expect((await screen.findByLabelText<HTMLInputElement>('Your name')).value).toBe('Vera')
    await userEvent.click(screen.getByRole('button', { name: 'Get a code' }))

    await screen.findByRole('heading', { name: 'Confirm the booking' })
    screen.getByText('We sent a code by SMS to +7 916*****67.')
    expect(bodies[1]).toEqual({
      service_ids: [1],
      staff_id: null,
      start_at: '2030-01-08T08:00:00.000Z',
      name: 'Vera',
      phone: '+79161234567',
      language: 'en',
    })
    await userEvent.type(screen.getByLabelText('Code'), '654321')
    await userEvent.click(screen.getByRole('button', { name: 'Book' }))
    await screen.findByText('The code is wrong. Attempts left: 4.')
    await userEvent.clear(screen.getByLabelText('Code'))
    await userEvent.type(screen.getByLabelText('Code'), '123456')
    await userEvent.click(screen.getByRole('button', { name: 'Book' }))

    await screen.findByText('You are booked. We sent you a confirmation.')
    screen.getByText('Haircut')
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Cancel this booking' }).getAttribute('href')).toBe(
        `/en/b2c/7/cancel/${'a'.repeat(43)}`,
      ),
    )
  })

  it("shows the booking a cancellation link names, cancels it, and says when it can't be", async () => {
    api = createFakeApi([])
    const token = 'b'.repeat(43)
    let cancelAnswer = fail(409, { message: 'Too late to cancel' })
    const cancels: string[] = []
    server.use(
      http.get(`${apiBase}/b2c/booking/${token}`, () => ok(confirmed.booking)),
      http.post(`${apiBase}/b2c/booking/${token}/cancel`, ({ request }) => {
        cancels.push(new URL(request.url).pathname)
        return cancelAnswer
      }),
      http.get(`${apiBase}/b2c/booking/${'c'.repeat(43)}`, () =>
        ok({ ...confirmed.booking, cancellable: false }),
      ),
      http.get(`${apiBase}/b2c/booking/${'d'.repeat(43)}`, () => fail(404, { message: 'No such booking' })),
      ...api.handlers,
    )
    app = renderApp(`/en/b2c/7/cancel/${token}`)
    await screen.findByRole('heading', { name: 'Your booking' })
    expect(document.title).toBe('Your booking · Salon')
    // What, when, with whom and where.
    await screen.findByText('Salon Seven')
    expect(screen.getByText('When')).toBeTruthy()
    expect(screen.getByText('Anna')).toBeTruthy()
    expect(screen.getByText('Haircut')).toBeTruthy()

    // Refused: the reason, and the button to try again.
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the booking' }))
    expect((await screen.findByRole('alert')).textContent).not.toBe('')
    expect(cancels).toHaveLength(1)
    expect(screen.queryByText('This booking is cancelled.')).toBeNull()
    cancelAnswer = ok({ ...confirmed.booking, status: 'cancelled', cancellable: false })
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the booking' }))
    await screen.findByText('This booking is cancelled.')
    expect(screen.queryByRole('button', { name: 'Cancel the booking' })).toBeNull()
    expect(cancels).toEqual([`/api/v1/b2c/booking/${token}/cancel`, `/api/v1/b2c/booking/${token}/cancel`])

    // A booking too close to cancel online, and a link that names none.
    cleanup()
    app.session.stop()
    app = renderApp(`/en/b2c/7/cancel/${'c'.repeat(43)}`)
    await screen.findByText('This booking can no longer be cancelled online. Please call the salon.')
    expect(screen.queryByRole('button', { name: 'Cancel the booking' })).toBeNull()
    cleanup()
    app.session.stop()
    app = renderApp(`/en/b2c/7/cancel/${'d'.repeat(43)}`)
    await screen.findByText('This link does not name a booking. Please check it or call the salon.')
    expect(screen.queryByText('Salon Seven')).toBeNull()
  })

  it('says the page is unavailable for a salon without one', async () => {
    api = createFakeApi([])
    server.use(
      http.get(`${apiBase}/b2c/8`, () => fail(404, { message: 'This salon has no booking page' })),
      ...api.handlers,
    )
    app = renderApp('/en/b2c/8')
    await screen.findByText('This booking page is not available. Please check the link or call the salon.')
  })
})
