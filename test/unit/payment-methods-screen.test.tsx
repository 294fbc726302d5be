import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { AttendanceFieldPin, PaymentMethodPin } from '../../contract/attendance-pins/schemas'
import type { Company } from '../../contract/companies/schemas'
import type { PaymentMethod } from '../../contract/payment-methods/schemas'
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

/** The writes of the page, each held until the test answers it. */
interface PaymentCalls {
  save: Gate
  pinMethod: Gate
  pinField: Gate
  unpinField: Gate
}

let app: RenderedApp | undefined
let api: FakeApi | undefined
let calls: PaymentCalls | undefined
/** False makes the list of pinned fields fail to load, as when the server is down. */
let fieldPinsReadable = true
/** How many times the page asked for the pinned fields. */
let fieldPinReads = 0

afterEach(() => {
  cleanup()
  toastStore.clear()
  app?.session.stop()
  api?.release()
  for (const gate of Object.values(calls ?? {})) gate.release()
  clearAppCookies()
  app = api = calls = undefined
})

const methods: PaymentMethod[] = [
  { id: 1, slug: 'cash', title: 'Cash', is_active: true, weight: 0 },
  { id: 2, slug: 'card', title: 'Bank card', is_active: true, weight: 1 },
  { id: 3, slug: 'transfer', title: 'Bank transfer', is_active: true, weight: 2 },
]
const methodPins: PaymentMethodPin[] = [
  { payment_method_slug: 'cash', is_pinned: true },
  { payment_method_slug: 'card', is_pinned: false },
  { payment_method_slug: 'transfer', is_pinned: false },
]
const commentPin: AttendanceFieldPin = { id: 41, slug: 'comment' }

/** Anna on the Payment methods page of `company`, whose rights follow its role. */
async function openPage(company: Company = salonOne) {
  fieldPinsReadable = true
  fieldPinReads = 0
  api = createFakeApi([company])
  calls = {
    save: createGate('post', `/company/${company.id}/payment_methods/save`),
    pinMethod: createGate('put', `/companies/${company.id}/attendance/payment_method_pins`),
    pinField: createGate('post', `/companies/${company.id}/attendance/field_pins`),
    unpinField: createGate('delete', `/companies/${company.id}/attendance/field_pins/:pinId`),
  }
  server.use(
    ...Object.values(calls).map((gate) => gate.handler),
    http.get(`${apiBase}/company/:id/payment_methods`, () => ok(methods)),
    http.get(`${apiBase}/companies/:id/attendance/payment_method_pins`, () => ok(methodPins)),
    http.get(`${apiBase}/companies/:id/attendance/field_pins`, () =>
      ++fieldPinReads > 0 && fieldPinsReadable
        ? ok([commentPin])
        : fail(503, { message: 'Service unavailable' }),
    ),
    ...api.handlers,
  )
  writeCookie('access_token', api.issue('owner-token'))
  app = renderApp(`/en/company/${company.id}/payment-methods`)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
  await screen.findByRole('heading', { name: 'Payment methods', level: 1 })
}

const methodsForm = () => within(screen.getByRole('form', { name: 'Payment methods' }))
const rowTitles = () =>
  methodsForm()
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'))
const fieldPins = () => within(screen.getByRole('group', { name: 'Fields pinned at the cash desk' }))
const methodPinGroup = () =>
  within(screen.getByRole('group', { name: 'Payment methods pinned at the cash desk' }))
const isChecked = (box: HTMLElement) => (box as HTMLInputElement).checked
const toastTexts = () => toastStore.snapshot().map((toast) => toast.message)

describe('the Payment methods page', () => {
  it('saves the order and the accepted methods the owner chose, in one call', async () => {
    await openPage()
    const nav = screen.getByRole('navigation', { name: 'Sections' })
    expect(within(nav).getByRole('link', { name: 'Payment methods' }).getAttribute('href')).toBe(
      `/en/company/${salonOne.id}/payment-methods`,
    )
    const form = methodsForm()
    await userEvent.click(form.getByRole('button', { name: 'Move Bank transfer up' }))
    await userEvent.click(form.getByRole('button', { name: 'Move Bank transfer up' }))
    expect(rowTitles()).toEqual(['Bank transfer', 'Cash', 'Bank card'])
    expect(form.getByRole('button', { name: 'Move Bank transfer up' })).toHaveProperty('disabled', true)
    await userEvent.click(form.getByRole('checkbox', { name: 'Bank card' }))
    await userEvent.click(form.getByRole('button', { name: 'Save payment methods' }))

    const request = await calls!.save.next()
    expect(request.body).toEqual({
      payment_methods: [
        { id: 3, title: 'Bank transfer', is_active: true },
        { id: 1, title: 'Cash', is_active: true },
        { id: 2, title: 'Bank card', is_active: false },
      ],
    })
    await calls!.save.answer(
      ok([
        { ...methods[2]!, weight: 0 },
        { ...methods[0]!, weight: 1 },
        { ...methods[1]!, is_active: false, weight: 2 },
      ]),
    )
    await waitFor(() => expect(toastTexts()).toContain('The payment methods are saved.'))
    expect(rowTitles()).toEqual(['Bank transfer', 'Cash', 'Bank card'])
  })

  it('keeps the arranged list and shows the error toast when the save is refused', async () => {
    await openPage()
    const form = methodsForm()
    await userEvent.click(form.getByRole('button', { name: 'Move Cash down' }))
    await userEvent.click(form.getByRole('checkbox', { name: 'Bank transfer' }))
    await userEvent.click(form.getByRole('button', { name: 'Save payment methods' }))
    await calls!.save.answer(fail(422, { message: 'Validation failed', errors: { payment_methods: ['x'] } }))
    await waitFor(() => expect(toastTexts()).toContain('The request was refused. Please try again.'))
    expect(rowTitles()).toEqual(['Bank card', 'Cash', 'Bank transfer'])
    expect(isChecked(form.getByRole('checkbox', { name: 'Bank transfer' }))).toBe(false)
  })

  it('pins a payment method for the cash desk, ticked while the server saves it', async () => {
    await openPage()
    const card = () => methodPinGroup().getByRole('checkbox', { name: 'Bank card' })
    // The box is ticked as the click ends, not a moment later (a browser paints in between).
    fireEvent.click(card())
    expect(isChecked(card())).toBe(true)
    const request = await calls!.pinMethod.next()
    expect(request.body).toEqual({ payment_method_slug: 'card', is_pinned: true })
    await calls!.pinMethod.answer(ok({ payment_method_slug: 'card', is_pinned: true }))
    await waitFor(() => expect(card()).toHaveProperty('disabled', false))
    expect(isChecked(card())).toBe(true)
  })

  it('clears a payment method pin the server refuses, with the error toast', async () => {
    await openPage()
    const transfer = () => methodPinGroup().getByRole('checkbox', { name: 'Bank transfer' })
    await userEvent.click(transfer())
    await calls!.pinMethod.answer(fail(403, { message: 'You do not have access to this section' }))
    await waitFor(() => expect(toastTexts()).toContain('The request was refused. Please try again.'))
    expect(isChecked(transfer())).toBe(false)
  })

  it('unpins a field at once, and puts it back with the error toast when the server refuses', async () => {
    await openPage()
    const comment = () => fieldPins().getByRole('checkbox', { name: 'Comment on the visit' })
    expect(isChecked(comment())).toBe(true)
    fireEvent.click(comment())
    // The pin is gone as the click ends, before the server answers.
    expect(isChecked(comment())).toBe(false)
    const request = await calls!.unpinField.next()
    expect(request.path).toBe(`/api/v1/companies/${salonOne.id}/attendance/field_pins/${commentPin.id}`)
    // The server is down: the list cannot be read again, so only the page's own rollback can restore the pin.
    fieldPinsReadable = false
    const readsBefore = fieldPinReads
    await calls!.unpinField.answer(fail(500, { message: 'Database unavailable' }))
    await waitFor(() =>
      expect(toastTexts()).toContain(
        'The server could not complete the request. Please try again in a moment.',
      ),
    )
    await waitFor(() => expect(isChecked(comment())).toBe(true))
    // The list is asked for again; its failure leaves the restored pins on screen.
    await waitFor(() => expect(fieldPinReads).toBeGreaterThan(readsBefore))
    await waitFor(() => expect(isChecked(comment())).toBe(true))
    expect(screen.queryByText('The pinned fields could not be loaded.')).toBeNull()
  })

  it('pins a field with its slug', async () => {
    await openPage()
    const discount = () => fieldPins().getByRole('checkbox', { name: 'Discount' })
    fireEvent.click(discount())
    expect(isChecked(discount())).toBe(true)
    const request = await calls!.pinField.next()
    expect(request.body).toEqual({ slug: 'discount' })
    await calls!.pinField.answer(ok({ id: 42, slug: 'discount' }, { status: 201 }))
    await waitFor(() => expect(discount()).toHaveProperty('disabled', false))
    expect(isChecked(discount())).toBe(true)
  })

  it('settles two fields pinned one after the other, each with its own answer', async () => {
    await openPage()
    const discount = () => fieldPins().getByRole('checkbox', { name: 'Discount' })
    const firstField = fieldPins()
      .getAllByRole('checkbox')
      .find((box) => !isChecked(box) && box !== discount())!
    await userEvent.click(discount())
    await userEvent.click(firstField)
    await waitFor(() => expect(calls!.pinField.count).toBe(2))
    const slugOf = async () => ((await calls!.pinField.next()).body as { slug: string }).slug
    await calls!.pinField.answer(ok({ id: 42, slug: await slugOf() }, { status: 201 }))
    await calls!.pinField.answer(ok({ id: 43, slug: await slugOf() }, { status: 201 }))
    await waitFor(() => expect(discount()).toHaveProperty('disabled', false))
    await waitFor(() => expect(firstField).toHaveProperty('disabled', false))
    expect(isChecked(discount())).toBe(true)
    expect(isChecked(firstField)).toBe(true)
  })

  it('shows an administrator the methods and pins without a control to change them, and says why', async () => {
    await openPage({ ...salonOne, user_role: 'administrator' })
    expect(screen.queryByRole('form', { name: 'Payment methods' })).toBeNull()
    within(screen.getByRole('listitem', { name: 'Bank card' })).getByText('Accepted')
    screen.getByText(/You can see the payment methods but not change them/)
    screen.getByText(/You can see what is pinned but not change it/)
    methodPinGroup().getByText('Cash')
    fieldPins().getByText('Comment on the visit')
    expect(screen.queryAllByRole('checkbox')).toEqual([])
    expect(screen.queryByRole('button', { name: /Save|Move/ })).toBeNull()
  })
})
