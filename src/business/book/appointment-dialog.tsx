import { Trans, useLingui } from '@lingui/react/macro'
import { parsePhoneNumberFromString } from 'libphonenumber-js'
import { useState, type FormEvent } from 'react'
import type { Appointment } from '../../../contract/appointments/schemas'
import { earliestRecordDate, insideRecordWindow } from '../../../contract/appointments/record-windows'
import { statusChangeRight, type AppointmentStatus } from '../../../contract/appointments/statuses'
import type { RightFlag } from '../../../contract/access/rights-catalogue'
import type { Employee } from '../../../contract/staff/schemas'
import { nextStatuses } from '../../../machines/appointment-status'
import {
  useChangeAppointmentStatus,
  useFreeSlots,
  useMoveAppointment,
} from '../../api/appointments/appointments'
import { FormAlert } from '../../ui/form-alert'
import { SelectField } from '../../ui/select-field'
import { TextField } from '../../ui/text-field'
import { showToast } from '../../ui/toast-store'
import { useCurrentCompany } from '../shell/company-workspace'
import { AppointmentFieldsForm } from './appointment-fields-form'
import { BookDialog } from './book-dialog'
import { bookFailureText } from './book-failure'
import { clockOf, dateTitle, placeOf, todayIn } from './book-time'
import { FreeTimeField } from './free-time-field'
import { PaymentDetails } from './payment-details'
import { PaymentStep } from './payment-step'
import { RefundControl } from './refund-control'
import { refundableOf } from './refund-step'
import { missingRightReasons, statusActions, statusNames } from './status-texts'

/**
 * One appointment opened from the book: who, when, with whom and what, its status, the status changes the
 * lifecycle allows from it (machines/appointment-status.ts; "Mark paid" opens the payment step), the payment of a
 * paid visit with its refunds and the refund step, the appointment's custom fields shown in the record window, and a move to another time or staff
 * member. A
 * control the member's rights do not open is disabled, with the reason under it.
 */
export function AppointmentDialog(props: {
  appointment: Appointment | undefined
  staff: Employee[]
  timeZone: string
  onClose: () => void
}) {
  const { appointment, onClose } = props
  return (
    <BookDialog open={appointment !== undefined} labelledBy="appointment-title" onClose={onClose}>
      {appointment ? <AppointmentDetails {...props} appointment={appointment} /> : null}
    </BookDialog>
  )
}

function AppointmentDetails(props: {
  appointment: Appointment
  staff: Employee[]
  timeZone: string
  onClose: () => void
}) {
  const { t, i18n } = useLingui()
  const company = useCurrentCompany()
  const { appointment, staff, timeZone, onClose } = props
  const changeStatus = useChangeAppointmentStatus(company.id)
  const [failure, setFailure] = useState('')
  // "Mark paid" opens the payment step rather than changing the status at once.
  const [paying, setPaying] = useState(false)
  const place = placeOf(appointment, timeZone)
  const staffName = staff.find((member) => member.id === appointment.staff_id)?.name ?? ''
  const clientName = appointment.client?.name ?? t`Walk-in client`
  const targets = nextStatuses(appointment.status)
  const editFrom = earliestRecordDate(company.access, 'edit_records_last_days_count', todayIn(timeZone))
  // Outside the member's edit window nothing changes; the reason says from which day on they may.
  const tooOld = !insideRecordWindow(editFrom, place.date)
  const windowReason = tooOld
    ? t`You may change appointments from ${dateTitle(editFrom!, i18n.locale)} on only.`
    : ''
  const missing = (flag: RightFlag) => !company.access[flag]
  const lacking = tooOld ? [] : [...new Set(targets.map((to) => statusChangeRight[to]).filter(missing))]

  const setStatus = async (status: AppointmentStatus) => {
    setFailure('')
    try {
      await changeStatus.mutateAsync({ id: appointment.id, status })
      showToast('success', t`The appointment is now: ${i18n._(statusNames[status])}.`)
    } catch (error) {
      setFailure(bookFailureText(error, i18n))
    }
  }

  return (
    <div className="book-details">
      <h2 id="appointment-title">{clientName}</h2>
      <dl className="book-details__facts">
        <dt>
          <Trans>When</Trans>
        </dt>
        <dd>
          {dateTitle(place.date, i18n.locale)}, {clockOf(place.start)}–{clockOf(place.end)}
        </dd>
        <dt>
          <Trans>Staff member</Trans>
        </dt>
        <dd>{staffName}</dd>
        <dt>
          <Trans>Services</Trans>
        </dt>
        <dd>{appointment.services.map((service) => service.title).join(', ')}</dd>
        {appointment.client?.phone ? (
          <>
            <dt>
              <Trans>Phone</Trans>
            </dt>
            <dd>
              {parsePhoneNumberFromString(appointment.client.phone)?.formatInternational() ??
                appointment.client.phone}
            </dd>
          </>
        ) : null}
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>
          <span className={`book-status book-status--${appointment.status}`}>
            {i18n._(statusNames[appointment.status])}
          </span>
        </dd>
        {appointment.comment ? (
          <>
            <dt>
              <Trans>Comment</Trans>
            </dt>
            <dd>{appointment.comment}</dd>
          </>
        ) : null}
      </dl>
      {targets.length > 0 ? (
        <div className="book-details__statuses" role="group" aria-label={t`Change the status`}>
          {targets.map((to) => {
            const right = statusChangeRight[to]
            return (
              <button
                key={to}
                type="button"
                className={`button button--small${to === 'cancelled' ? ' button--danger' : ''}`}
                disabled={tooOld || missing(right) || changeStatus.isPending}
                aria-describedby={
                  tooOld ? 'book-window-reason' : missing(right) ? `book-reason-${right}` : undefined
                }
                aria-expanded={to === 'paid' ? paying : undefined}
                onClick={() => (to === 'paid' ? setPaying(true) : void setStatus(to))}
              >
                {i18n._(statusActions[to])}
              </button>
            )
          })}
        </div>
      ) : appointment.status === 'paid' ? (
        <p className="field__hint">
          <Trans>A paid visit changes its status only by a refund of its payment.</Trans>
        </p>
      ) : (
        <p className="field__hint">
          <Trans>This appointment is closed: its status no longer changes.</Trans>
        </p>
      )}
      {tooOld ? (
        <p id="book-window-reason" className="field__hint">
          {windowReason}
        </p>
      ) : null}
      {lacking.map((right) => (
        <p key={right} id={`book-reason-${right}`} className="field__hint">
          {i18n._(missingRightReasons[right]!)}
        </p>
      ))}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {paying && targets.includes('paid') ? (
        <PaymentStep appointment={appointment} onDone={() => setPaying(false)} />
      ) : null}
      {appointment.payment ? (
        <PaymentDetails payment={appointment.payment} timeZone={timeZone}>
          {appointment.status === 'paid' && refundableOf(appointment.payment) > 0 ? (
            <RefundControl appointment={appointment} payment={appointment.payment} outsideWindow={tooOld} />
          ) : null}
        </PaymentDetails>
      ) : null}
      <AppointmentFieldsForm key={appointment.id} appointment={appointment} />
      {appointment.status === 'cancelled' ? null : (
        <MoveForm
          appointment={appointment}
          staff={staff}
          date={place.date}
          time={clockOf(place.start)}
          outsideWindow={tooOld}
        />
      )}
      <div className="client-form__actions">
        <button type="button" className="button button--inline" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
    </div>
  )
}

/** The services of an appointment as the free-times call names them: a composite once, not its parts. */
const bookedServiceIds = (appointment: Appointment) => [
  ...new Set(appointment.services.map((service) => service.composite_id ?? service.service_id)),
]

/** Moves the appointment to another staff member, date or free time; its length stays. */
function MoveForm(props: {
  appointment: Appointment
  staff: Employee[]
  date: string
  time: string
  /** The appointment lies before the member's edit window (the details above say why it cannot move). */
  outsideWindow: boolean
}) {
  const { t, i18n } = useLingui()
  const company = useCurrentCompany()
  const { appointment, staff } = props
  const move = useMoveAppointment(company.id)
  const [staffId, setStaffId] = useState(appointment.staff_id)
  const [date, setDate] = useState(props.date)
  const [startAt, setStartAt] = useState('')
  const [failure, setFailure] = useState('')
  const slots = useFreeSlots(company.id, {
    staffId,
    serviceIds: bookedServiceIds(appointment),
    date,
    appointmentId: appointment.id,
  })
  const right: RightFlag = appointment.status === 'paid' ? 'record_paid_edit_access' : 'record_edit_access'
  const allowed = company.access.record_edit_access && company.access[right] && !props.outsideWindow
  const reason = !company.access.record_edit_access ? 'record_edit_access' : right
  const chosen = startAt || (slots.data?.slots.find((slot) => slot.time === props.time)?.start_at ?? '')
  const unchanged = staffId === appointment.staff_id && chosen === appointment.start_at

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFailure('')
    if (!chosen) return setFailure(t`Choose a free time.`)
    try {
      await move.mutateAsync({ id: appointment.id, staff_id: staffId, start_at: chosen })
      showToast('success', t`The appointment is moved.`)
    } catch (error) {
      setStartAt('')
      setFailure(bookFailureText(error, i18n))
    }
  }

  return (
    <form className="book-move" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset
        disabled={!allowed}
        aria-describedby={
          allowed ? undefined : props.outsideWindow ? 'book-window-reason' : 'book-move-reason'
        }
      >
        <legend>
          <Trans>Move to another time or staff member</Trans>
        </legend>
        <SelectField
          label={<Trans>Staff member</Trans>}
          value={staffId}
          onChange={(event) => {
            setStaffId(Number(event.target.value))
            setStartAt('')
          }}
        >
          {staff.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </SelectField>
        <TextField
          type="date"
          label={<Trans>Date</Trans>}
          value={date}
          onChange={(event) => {
            setDate(event.target.value)
            setStartAt('')
          }}
        />
        <FreeTimeField serviceChosen slots={slots} value={chosen} onChange={setStartAt} />
        <button
          type="submit"
          className="button button--small"
          disabled={move.isPending || unchanged}
          aria-busy={move.isPending}
        >
          <Trans>Move</Trans>
        </button>
      </fieldset>
      {allowed || props.outsideWindow ? null : (
        <p id="book-move-reason" className="field__hint">
          {i18n._(missingRightReasons[reason]!)}
        </p>
      )}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
    </form>
  )
}
