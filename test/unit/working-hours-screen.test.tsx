import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { Company } from '../../contract/companies/schemas'
import type { WorkingHoursException } from '../../contract/appointments/schemas'
import type { StaffWorkingHours } from '../../contract/working-hours/schemas'
import { nextDate, wallClockOf } from '../../contract/zoned-time'
import { apiBase } from '../../src/api/client'
import { writeCookie } from '../../src/api/cookies'
import { toastStore } from '../../src/ui/toast-store'
import { employeeReply } from '../support/catalogue-replies'
import {
  anna,
  createFakeApi,
  createGate,
  fail,
  ok,
  salonOne,
  workingHoursReply,
  type FakeApi,
  type Gate,
} from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'

const server = useMswServer()

/** The writes of the page, each held until the test answers it. */
interface HoursCalls {
  saveCompany: Gate
  saveStaff: Gate
  followCompany: Gate
  saveSettings: Gate
  saveDay: Gate
  dropDay: Gate
}

let app: RenderedApp | undefined
let api: FakeApi | undefined
let calls: HoursCalls | undefined

afterEach(() => {
  cleanup()
  toastStore.clear()
  app?.session.stop()
  api?.release()
  for (const gate of Object.values(calls ?? {})) gate.release()
  clearAppCookies()
  app = api = calls = undefined
})

const weekdayHours = workingHoursReply(true).days
const maria = employeeReply(31, 'Maria Ivanova', 'Stylist')
const settings = {
  is_show_newsletter_agreement: false,
  is_show_personal_data_processing_agreement: false,
  is_need_sum_record_technical_breaks: false,
  agreements_offered: true,
}

/** Anna on the Working hours page of `company`, the server answering the reads with what is given. */
async function openPage(
  options: {
    company?: Company
    hoursSet?: boolean
    staffHours?: StaffWorkingHours[]
    changedDays?: WorkingHoursException[]
  } = {},
) {
  const company = options.company ?? salonOne
  api = createFakeApi([company])
  calls = {
    saveCompany: createGate('put', `/company/${company.id}/working_hours`),
    saveStaff: createGate('put', `/company/${company.id}/staff/:staffId/working_hours`),
    followCompany: createGate('delete', `/company/${company.id}/staff/:staffId/working_hours`),
    saveSettings: createGate('put', `/company/${company.id}/timetable/settings`),
    saveDay: createGate('put', `/company/${company.id}/staff/:staffId/working_hours_exceptions/:date`),
    dropDay: createGate('delete', `/company/${company.id}/staff/:staffId/working_hours_exceptions/:date`),
  }
  server.use(
    ...Object.values(calls).map((gate) => gate.handler),
    http.get(`${apiBase}/company/:id/working_hours`, () => ok(workingHoursReply(options.hoursSet ?? false))),
    http.get(`${apiBase}/company/:id/staff_working_hours`, () =>
      ok(options.staffHours ?? [{ staff_id: maria.id, follows_company: true, days: weekdayHours }]),
    ),
    http.get(`${apiBase}/companies/:id/staff`, () => ok([maria])),
    http.get(`${apiBase}/company/:id/timetable/settings`, () => ok(settings)),
    http.get(`${apiBase}/company/:id/working_hours_exceptions`, () => ok(options.changedDays ?? [])),
    ...api.handlers,
  )
  writeCookie('access_token', api.issue('owner-token'))
  app = renderApp(`/en/company/${company.id}/working-hours`)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
  await screen.findByRole('heading', { name: 'Opening hours', level: 1 })
}

const openingHoursForm = () => within(screen.getByRole('form', { name: 'Opening hours' }))
const toastTexts = () => toastStore.snapshot().map((toast) => toast.message)

describe('the Working hours page', () => {
  it('is listed in the navigation and says the hours are not set yet, with the time zone', async () => {
    await openPage()
    const nav = screen.getByRole('navigation', { name: 'Sections' })
    expect(within(nav).getByRole('link', { name: 'Working hours' }).getAttribute('href')).toBe(
      `/en/company/${salonOne.id}/working-hours`,
    )
    screen.getByText(/The opening hours are not set yet\..*time zone, Europe\/Moscow\./)
    expect(document.title).toContain('Working hours')
    // Nothing is open until the owner says so.
    for (const day of ['Monday', 'Sunday']) {
      expect((openingHoursForm().getByRole('checkbox', { name: day }) as HTMLInputElement).checked).toBe(
        false,
      )
    }
  })

  it('saves the days the owner opens, with the first day copied to the others, and says so', async () => {
    await openPage()
    const form = openingHoursForm()
    for (const day of ['Monday', 'Tuesday', 'Saturday'])
      await userEvent.click(form.getByRole('checkbox', { name: day }))
    await userEvent.clear(form.getByLabelText('From (Monday)'))
    await userEvent.type(form.getByLabelText('From (Monday)'), '09:30')
    await userEvent.click(form.getByRole('button', { name: 'Copy Monday to every working day' }))
    expect((form.getByLabelText('From (Saturday)') as HTMLInputElement).value).toBe('09:30')
    await userEvent.click(form.getByRole('button', { name: 'Save' }))

    const request = await calls!.saveCompany.next()
    expect(request.body).toEqual({
      days: [1, 2, 6].map((weekday) => ({ weekday, intervals: [{ start: '09:30', end: '20:00' }] })),
    })
    await calls!.saveCompany.answer(ok({ ...workingHoursReply(true) }))
    await waitFor(() => expect(toastTexts()).toContain('The opening hours are saved.'))
  })

  it('gives a day a break, and sends an end at midnight as 24:00', async () => {
    await openPage({ hoursSet: true })
    const form = openingHoursForm()
    await userEvent.click(form.getByRole('button', { name: 'Add a break on Friday' }))
    // The new stretch starts an hour after the first ends; the owner moves the first to end at 14:00 and the
    // second to run until midnight.
    await userEvent.clear(form.getAllByLabelText('Until (Friday)')[0]!)
    await userEvent.type(form.getAllByLabelText('Until (Friday)')[0]!, '14:00')
    await userEvent.clear(form.getAllByLabelText('Until (Friday)')[1]!)
    await userEvent.type(form.getAllByLabelText('Until (Friday)')[1]!, '00:00')
    await userEvent.click(form.getByRole('button', { name: 'Save' }))

    const request = (await calls!.saveCompany.next()).body as {
      days: { weekday: number; intervals: unknown }[]
    }
    expect(request.days.find((day) => day.weekday === 5)).toEqual({
      weekday: 5,
      intervals: [
        { start: '10:00', end: '14:00' },
        { start: '21:00', end: '24:00' },
      ],
    })
    expect(request.days.map((day) => day.weekday)).toEqual([1, 2, 3, 4, 5])
  })

  it('shows every problem of the week at once and sends nothing', async () => {
    await openPage({ hoursSet: true })
    const form = openingHoursForm()
    await userEvent.clear(form.getByLabelText('Until (Monday)'))
    await userEvent.type(form.getByLabelText('Until (Monday)'), '09:00')
    await userEvent.click(form.getByRole('button', { name: 'Add a break on Tuesday' }))
    await userEvent.clear(form.getAllByLabelText('From (Tuesday)')[1]!)
    await userEvent.type(form.getAllByLabelText('From (Tuesday)')[1]!, '19:00')
    await userEvent.click(form.getByRole('button', { name: 'Save' }))

    await form.findByText('A stretch must end after it starts.')
    form.getByText('Stretches of one day must not overlap.')
    expect(form.getByLabelText('Until (Monday)').getAttribute('aria-invalid')).toBe('true')
    expect(calls!.saveCompany.count).toBe(0)

    // A salon closed every day is refused too.
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])
      await userEvent.click(form.getByRole('checkbox', { name: day }))
    await userEvent.click(form.getByRole('button', { name: 'Save' }))
    await form.findByText('Choose at least one working day.')
    expect(form.queryByText('A stretch must end after it starts.')).toBeNull()
    expect(calls!.saveCompany.count).toBe(0)
  })

  it('keeps what was typed and shows the error toast when the save fails', async () => {
    await openPage({ hoursSet: true })
    const form = openingHoursForm()
    await userEvent.click(form.getByRole('checkbox', { name: 'Sunday' }))
    await userEvent.click(form.getByRole('button', { name: 'Save' }))
    await calls!.saveCompany.next()
    await calls!.saveCompany.answer(fail(500, { message: 'The server could not save the hours' }))
    await waitFor(() =>
      expect(toastTexts()).toContain(
        'The server could not complete the request. Please try again in a moment.',
      ),
    )
    expect((form.getByRole('checkbox', { name: 'Sunday' }) as HTMLInputElement).checked).toBe(true)
  })

  it("shows who follows the salon's hours, sets a member's own week, and puts them back on the salon's", async () => {
    await openPage({ hoursSet: true })
    const row = within(await screen.findByRole('listitem', { name: 'Maria Ivanova' }))
    row.getByText(/^Salon hours: Mon–Fri 10:00–20:00$/)
    await userEvent.click(row.getByRole('button', { name: 'Set hours for Maria Ivanova' }))
    const form = within(screen.getByRole('form', { name: "Maria Ivanova's hours" }))
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])
      await userEvent.click(form.getByRole('checkbox', { name: day }))
    // A staff member's week may be empty: a leave.
    await userEvent.click(form.getByRole('button', { name: 'Save' }))
    const request = await calls!.saveStaff.next()
    expect(request.path).toBe(`/api/v1/company/${salonOne.id}/staff/${maria.id}/working_hours`)
    expect(request.body).toEqual({ days: [] })
    await calls!.saveStaff.answer(ok({ staff_id: maria.id, follows_company: false, days: [] }))
    await waitFor(() => expect(toastTexts()).toContain("Maria Ivanova's hours are saved."))
  })

  it("offers the salon's hours back to a member with their own week", async () => {
    const ownWeek = [{ weekday: 3 as const, intervals: [{ start: '12:00', end: '18:00' }] }]
    await openPage({
      hoursSet: true,
      staffHours: [{ staff_id: maria.id, follows_company: false, days: ownWeek }],
    })
    const row = within(await screen.findByRole('listitem', { name: 'Maria Ivanova' }))
    row.getByText(/^Own hours: Wed 12:00–18:00$/)
    await userEvent.click(row.getByRole('button', { name: "Use the salon's hours for Maria Ivanova" }))
    const request = await calls!.followCompany.next()
    expect(request.path).toBe(`/api/v1/company/${salonOne.id}/staff/${maria.id}/working_hours`)
    await calls!.followCompany.answer(ok({ staff_id: maria.id, follows_company: true, days: weekdayHours }))
    await waitFor(() => expect(toastTexts()).toContain("Maria Ivanova works the salon's hours again."))
  })

  it('saves the appointment book settings the owner ticks', async () => {
    await openPage({ hoursSet: true })
    const form = within(screen.getByRole('form', { name: 'Appointment book settings' }))
    await userEvent.click(
      form.getByRole('checkbox', {
        name: "Add the technical breaks of an appointment's services to its length",
      }),
    )
    await userEvent.click(form.getByRole('button', { name: 'Save settings' }))
    const request = await calls!.saveSettings.next()
    expect(request.body).toEqual({
      is_show_newsletter_agreement: false,
      is_show_personal_data_processing_agreement: false,
      is_need_sum_record_technical_breaks: true,
    })
    await calls!.saveSettings.answer(ok({ ...settings, is_need_sum_record_technical_breaks: true }))
    await waitFor(() => expect(toastTexts()).toContain('The appointment book settings are saved.'))
  })

  it('shows a specialist the hours and settings without a control to change them, and says why', async () => {
    await openPage({ company: { ...salonOne, id: 9, user_role: 'specialist' }, hoursSet: true })
    screen.getByText('Mon–Fri 10:00–20:00')
    screen.getByText(/You can see the opening hours but not change them/)
    await screen.findByText(/You can see the staff's hours but not change them/)
    expect(screen.queryByRole('button', { name: /^Change one day/ })).toBeNull()
    expect(screen.queryByRole('form', { name: 'Opening hours' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Save|Set hours/ })).toBeNull()
    const flags = screen.getAllByRole('checkbox') as HTMLInputElement[]
    expect(flags.length).toBeGreaterThan(0)
    expect(flags.every((flag) => flag.disabled)).toBe(true)
  })

  it('gives a member a day off and other hours on another day, refusing a past day, and takes a change back', async () => {
    const today = wallClockOf(new Date(), 'Europe/Moscow').date
    const inAWeek = nextDate(today, 7)
    await openPage({
      hoursSet: true,
      changedDays: [{ staff_id: maria.id, date: inAWeek, intervals: [] }],
    })
    const row = within(await screen.findByRole('listitem', { name: 'Maria Ivanova' }))
    const changed = within(row.getByRole('list', { name: 'Changed days of Maria Ivanova' }))
    changed.getByText(/: day off$/)

    await userEvent.click(row.getByRole('button', { name: 'Change one day for Maria Ivanova' }))
    const form = within(row.getByRole('form', { name: 'Change one day for Maria Ivanova' }))
    await userEvent.click(form.getByRole('button', { name: 'Save the day' }))
    await form.findByText('Choose a date.')
    await userEvent.type(form.getByLabelText('Date'), nextDate(today, -1))
    await form.findByText('Choose today or a later day.')
    await userEvent.clear(form.getByLabelText('Date'))
    await userEvent.type(form.getByLabelText('Date'), nextDate(today, 3))
    await userEvent.click(form.getByRole('radio', { name: 'Other hours' }))
    await userEvent.clear(form.getByLabelText('Until'))
    await userEvent.type(form.getByLabelText('Until'), '09:00')
    await userEvent.click(form.getByRole('button', { name: 'Save the day' }))
    await form.findByText('The day must end after it starts.')
    expect(calls!.saveDay.count).toBe(0)

    await userEvent.clear(form.getByLabelText('Until'))
    await userEvent.type(form.getByLabelText('Until'), '14:30')
    await userEvent.click(form.getByRole('button', { name: 'Save the day' }))
    const saved = await calls!.saveDay.next()
    expect(saved.path).toBe(
      `/api/v1/company/${salonOne.id}/staff/${maria.id}/working_hours_exceptions/${nextDate(today, 3)}`,
    )
    expect(saved.body).toEqual({ intervals: [{ start: '10:00', end: '14:30' }] })
    await calls!.saveDay.answer(ok({ staff_id: maria.id, date: nextDate(today, 3), intervals: [] }))
    await waitFor(() =>
      expect(toastTexts().some((text) => /^The change of .* for Maria Ivanova is saved\.$/.test(text))).toBe(
        true,
      ),
    )

    await userEvent.click(
      changed.getByRole('button', { name: /^Take back the change of .* for Maria Ivanova$/ }),
    )
    const dropped = await calls!.dropDay.next()
    expect(dropped.path).toBe(
      `/api/v1/company/${salonOne.id}/staff/${maria.id}/working_hours_exceptions/${inAWeek}`,
    )
  })
})
