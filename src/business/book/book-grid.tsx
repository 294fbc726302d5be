import { useLingui } from '@lingui/react/macro'
import type { CSSProperties } from 'react'
import type { Appointment } from '../../../contract/appointments/schemas'
import { clockOf, placeOf, SLOT_MINUTES } from './book-time'
import { statusNames } from './status-texts'

/** One column of the book: a staff member on a date. */
export interface BookColumn {
  key: string
  title: string
  /** Said with each empty place, such as the staff member's name or the date. */
  slotLabel: string
  staffId: number
  date: string
}

/** How tall an hour is drawn, in rem. */
const HOUR_REM = 5

/**
 * The book's grid: a time axis in the company's time zone and one column per staff member (the day) or per date
 * (a staff member's week), with the appointments as blocks coloured by status. The empty half hours are buttons
 * that start a booking there, for members who may book; a block opens its appointment.
 */
export function BookGrid(props: {
  columns: BookColumn[]
  appointments: Appointment[]
  timeZone: string
  axis: { from: number; to: number }
  canBook: boolean
  onSlot: (column: BookColumn, minutes: number) => void
  onOpen: (appointment: Appointment) => void
}) {
  const { t, i18n } = useLingui()
  const { columns, appointments, timeZone, axis, canBook, onSlot, onOpen } = props
  const height = ((axis.to - axis.from) / 60) * HOUR_REM
  const hours = Array.from({ length: (axis.to - axis.from) / 60 }, (_, index) => axis.from + index * 60)
  const slots = Array.from(
    { length: (axis.to - axis.from) / SLOT_MINUTES },
    (_, index) => axis.from + index * SLOT_MINUTES,
  )
  const at = (minutes: number): CSSProperties => ({ top: `${((minutes - axis.from) / 60) * HOUR_REM}rem` })
  return (
    <div className="book-scroll">
      <div
        className="book-grid"
        style={{ gridTemplateColumns: `3.5rem repeat(${columns.length}, minmax(9rem, 1fr))` }}
      >
        <div className="book-grid__corner" aria-hidden="true" />
        {columns.map((column) => (
          <div key={column.key} className="book-grid__head" role="columnheader">
            {column.title}
          </div>
        ))}
        <div className="book-axis" style={{ height: `${height}rem` }} aria-hidden="true">
          {hours.map((minutes) => (
            <span key={minutes} className="book-axis__hour" style={at(minutes)}>
              {clockOf(minutes)}
            </span>
          ))}
        </div>
        {columns.map((column) => {
          const own = appointments
            .map((appointment) => ({ appointment, place: placeOf(appointment, timeZone) }))
            .filter(
              ({ appointment, place }) =>
                appointment.staff_id === column.staffId && place.date === column.date,
            )
          return (
            <div
              key={column.key}
              className="book-column"
              style={{ height: `${height}rem` }}
              role="group"
              aria-label={column.title}
            >
              {hours.map((minutes) => (
                <span key={minutes} className="book-column__line" style={at(minutes)} aria-hidden="true" />
              ))}
              {canBook
                ? slots.map((minutes) => (
                    <button
                      key={minutes}
                      type="button"
                      className="book-slot"
                      style={{ ...at(minutes), height: `${(SLOT_MINUTES / 60) * HOUR_REM}rem` }}
                      aria-label={t`Book ${column.slotLabel} at ${clockOf(minutes)}`}
                      onClick={() => onSlot(column, minutes)}
                    />
                  ))
                : null}
              {own.map(({ appointment, place }) => {
                const client = appointment.client?.name ?? t`Walk-in client`
                const services = appointment.services.map((service) => service.title).join(', ')
                return (
                  <button
                    key={appointment.id}
                    type="button"
                    className={`book-block book-block--${appointment.status}`}
                    style={{
                      ...at(place.start),
                      height: `${((place.end - place.start) / 60) * HOUR_REM}rem`,
                    }}
                    onClick={() => onOpen(appointment)}
                  >
                    <span className="book-block__time">
                      {clockOf(place.start)}–{clockOf(Math.min(place.end, 24 * 60))}
                    </span>{' '}
                    <span className="book-block__client">{client}</span>{' '}
                    <span className="book-block__services">{services}</span>{' '}
                    <span className="book-block__status">{i18n._(statusNames[appointment.status])}</span>
                  </button>
                )
              })}
            </div>
          )
        })}
      </div>
    </div>
  )
}
