import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { Appointment } from '../../../contract/appointments/schemas'
import { earliestRecordDate, insideRecordWindow } from '../../../contract/appointments/record-windows'
import { nextDate, zonedInstant } from '../../../contract/zoned-time'
import { useAppointments, useMoveAppointment } from '../../api/appointments/appointments'
import { useStaffList } from '../../api/staff/staff-queries'
import { useCompanyWorkingHours } from '../../api/working-hours/working-hours'
import { usePageTitle } from '../../ui/page-title'
import { SelectField } from '../../ui/select-field'
import { Spinner } from '../../ui/spinner'
import { showToast } from '../../ui/toast-store'
import { useCurrentCompany } from '../shell/company-workspace'
import { LoadFailure } from '../shell/load-failure'
import { AppointmentDialog } from './appointment-dialog'
import { bookFailureText } from './book-failure'
import { BookGrid, type BookColumn } from './book-grid'
import { BookGroupNote } from './book-group-note'
import { bookRangeOf, bookStaffOf, weekStaffOf, type BookSearch } from './book-search'
import { axisOf, clockOf, dateTitle, placeOf, todayIn, weekOf } from './book-time'
import { NewAppointmentDialog, type NewAppointmentStart } from './new-appointment-dialog'
import { NewOnlineBookings } from './new-online-bookings'
import { missingRightReasons } from './status-texts'

const bookRoute = getRouteApi('/{-$lang}/company/$companyId/book')

/**
 * The appointment book: a day with a column per working staff member, or one staff member's week with a column
 * per day, on the company's wall clock. The date, the view, the week's staff member and the open appointment are
 * in the address, so every view has its link.
 */
export function BookScreen() {
  const { t, i18n } = useLingui()
  usePageTitle(msg`Appointment book`)
  const company = useCurrentCompany()
  const search = bookRoute.useSearch()
  const navigate = useNavigate()
  const staff = useStaffList(company.id)
  const hours = useCompanyWorkingHours(company.id)
  const staffList = bookStaffOf(staff.data ?? [], company.access)
  const range = bookRangeOf(search, company.timezone, staffList)
  const list = useAppointments(company.id, range)
  const [creating, setCreating] = useState<NewAppointmentStart | null>(null)
  const timeZone = list.data?.timezone ?? company.timezone
  const today = todayIn(timeZone)
  const date = search.date ?? today
  const view = search.view ?? 'day'
  const canBook = company.access.record_create_access
  const createFrom = earliestRecordDate(company.access, 'create_records_last_days_count', today)
  const editFrom = earliestRecordDate(company.access, 'edit_records_last_days_count', today)
  const move = useMoveAppointment(company.id)
  const mayMove = (appointment: Appointment) =>
    appointment.status !== 'cancelled' &&
    company.access.record_edit_access &&
    (appointment.status !== 'paid' || company.access.record_paid_edit_access) &&
    insideRecordWindow(editFrom, placeOf(appointment, timeZone).date)
  const moveTo = async (appointment: Appointment, column: BookColumn, minutes: number) => {
    const startAt = zonedInstant(column.date, minutes, timeZone)
    if (!startAt) return
    if (column.staffId === appointment.staff_id && startAt.getTime() === Date.parse(appointment.start_at))
      return
    try {
      await move.mutateAsync({
        id: appointment.id,
        staff_id: column.staffId,
        start_at: startAt.toISOString(),
      })
      showToast('success', t`The appointment is moved.`)
    } catch (error) {
      showToast('error', bookFailureText(error, i18n))
    }
  }
  const mayResize = (appointment: Appointment) =>
    mayMove(appointment) && company.access.record_duration_edit_access
  /** A new end from the block's edge or keys; the server checks it as it checks a move. */
  const resizeTo = async (appointment: Appointment, endMinutes: number) => {
    const place = placeOf(appointment, timeZone)
    const endAt = zonedInstant(place.date, endMinutes, timeZone)
    if (!endAt || endMinutes === place.end) return
    try {
      await move.mutateAsync({ id: appointment.id, end_at: endAt.toISOString() })
      showToast('success', t`The appointment now ends at ${clockOf(endMinutes)}.`)
    } catch (error) {
      showToast('error', bookFailureText(error, i18n))
    }
  }
  const go = (change: Partial<BookSearch>) =>
    void navigate({ to: '.', search: (previous: BookSearch) => ({ ...previous, ...change }) })
  const step = view === 'week' ? 7 : 1

  const weekStaff = weekStaffOf(search, staffList)
  const columns: BookColumn[] =
    view === 'week'
      ? weekStaff === undefined
        ? []
        : weekOf(date).map((day) => ({
            key: day,
            title: dateTitle(day, i18n.locale, 'short'),
            // "Book Maria Ivanova, Mon, Jan 7 at 10:00": the staff member first reads well in every language.
            slotLabel: `${staffList.find((member) => member.id === weekStaff)?.name ?? ''}, ${dateTitle(day, i18n.locale, 'short')}`,
            staffId: weekStaff,
            date: day,
          }))
      : staffList.map((member) => ({
          key: String(member.id),
          title: member.name,
          slotLabel: member.name,
          staffId: member.id,
          date,
        }))
  const appointments = list.data?.appointments ?? []
  const axis = axisOf(
    hours.data?.days ?? [],
    appointments.map((appointment) => placeOf(appointment, timeZone)),
  )
  const opened = appointments.find((appointment) => appointment.id === search.appointment)
  const heading =
    view === 'week' ? t`Week of ${dateTitle(weekOf(date)[0]!, i18n.locale)}` : dateTitle(date, i18n.locale)

  return (
    <section className="card book" aria-labelledby="book-title">
      <h1 id="book-title">
        <Trans>Appointment book</Trans>
      </h1>
      <div className="book-toolbar">
        <nav className="book-toolbar__views" aria-label={t`View`}>
          <Link
            to="."
            search={(previous: BookSearch) => ({ ...previous, view: 'day' as const })}
            className="button button--small"
            aria-current={view === 'day' ? 'page' : undefined}
          >
            <Trans>Day</Trans>
          </Link>
          <Link
            to="."
            search={(previous: BookSearch) => ({ ...previous, view: 'week' as const })}
            className="button button--small"
            aria-current={view === 'week' ? 'page' : undefined}
          >
            <Trans>Week</Trans>
          </Link>
        </nav>
        <div className="book-toolbar__dates">
          <button
            type="button"
            className="button button--small"
            onClick={() => go({ date: nextDate(date, -step) })}
          >
            {view === 'week' ? <Trans>Previous week</Trans> : <Trans>Previous day</Trans>}
          </button>
          <button
            type="button"
            className="button button--small"
            disabled={date === today}
            onClick={() => go({ date: today })}
          >
            <Trans>Today</Trans>
          </button>
          <button
            type="button"
            className="button button--small"
            onClick={() => go({ date: nextDate(date, step) })}
          >
            {view === 'week' ? <Trans>Next week</Trans> : <Trans>Next day</Trans>}
          </button>
        </div>
        <button
          type="button"
          className="button button--primary button--inline"
          disabled={!canBook || staffList.length === 0}
          aria-describedby={canBook ? undefined : 'book-create-reason'}
          onClick={() => setCreating({ staffId: view === 'week' ? weekStaff : undefined, date })}
        >
          <Trans>New appointment</Trans>
        </button>
      </div>
      <NewOnlineBookings companyId={company.id} timeZone={timeZone} />
      <BookGroupNote companyId={company.id} groupId={company.access.restricted_record_group_id} />
      {canBook ? null : (
        <p id="book-create-reason" className="field__hint">
          {i18n._(missingRightReasons.record_create_access!)}
        </p>
      )}
      <h2 className="book__date">{heading}</h2>
      {canBook && !insideRecordWindow(createFrom, view === 'week' ? weekOf(date)[0]! : date) ? (
        <p className="field__hint">
          <Trans>You may book appointments from {dateTitle(createFrom!, i18n.locale)} on only.</Trans>
        </p>
      ) : null}
      {view === 'week' && staffList.length > 0 ? (
        <div className="book-toolbar__staff">
          <SelectField
            label={<Trans>Staff member</Trans>}
            value={weekStaff ?? ''}
            onChange={(event) => go({ staff: Number(event.target.value) })}
          >
            {staffList.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      {staff.isPending || list.isPending ? (
        <Spinner size="large" />
      ) : staff.isError || list.isError ? (
        <LoadFailure
          onRetry={() => {
            void staff.refetch()
            void list.refetch()
          }}
        >
          <Trans>The appointment book could not be loaded.</Trans>
        </LoadFailure>
      ) : staffList.length === 0 ? (
        <p className="empty-state">
          <Trans>There are no working staff members yet: add the team first, then book their clients.</Trans>
        </p>
      ) : (
        <>
          {appointments.length === 0 ? (
            <p className="empty-state">
              {view === 'week' ? (
                <Trans>No appointments this week.</Trans>
              ) : (
                <Trans>No appointments on this day.</Trans>
              )}
            </p>
          ) : null}
          <BookGrid
            columns={columns}
            appointments={appointments}
            timeZone={timeZone}
            axis={axis}
            canBook={(column) => canBook && insideRecordWindow(createFrom, column.date)}
            minColumnRem={view === 'week' ? 6.5 : 9}
            mayMove={mayMove}
            onMove={(appointment, column, minutes) => void moveTo(appointment, column, minutes)}
            mayResize={mayResize}
            onResize={(appointment, endMinutes) => void resizeTo(appointment, endMinutes)}
            onSlot={(column, minutes) => setCreating({ staffId: column.staffId, date: column.date, minutes })}
            onOpen={(appointment) => go({ appointment: appointment.id })}
          />
        </>
      )}
      <NewAppointmentDialog
        start={creating}
        staff={staffList}
        onClose={() => setCreating(null)}
        onBooked={(appointment) => {
          setCreating(null)
          const place = placeOf(appointment, timeZone)
          go({ date: place.date })
        }}
      />
      <AppointmentDialog
        appointment={opened}
        staff={staffList}
        timeZone={timeZone}
        onClose={() => go({ appointment: undefined })}
      />
    </section>
  )
}
