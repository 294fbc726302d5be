import { useLingui } from '@lingui/react/macro'
import type { CSSProperties, KeyboardEvent } from 'react'
import type { Appointment } from '../../../contract/appointments/schemas'
import { DRAG_STEP_MINUTES, useBlockDrag } from './block-drag'
import { useBlockResize } from './block-resize'
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
  /** Whether the member may book in this column (the right and the create window): its empty places are buttons. */
  canBook: (column: BookColumn) => boolean
  /** The narrowest a column may get, in rem, before the grid scrolls sideways. */
  minColumnRem: number
  onSlot: (column: BookColumn, minutes: number) => void
  onOpen: (appointment: Appointment) => void
  /** Whether the member may move this appointment (by drag or keys); moves go to `onMove`. */
  mayMove: (appointment: Appointment) => boolean
  onMove: (appointment: Appointment, column: BookColumn, minutes: number) => void
  /** Whether the member may change this appointment's length (by its bottom edge or keys); to `onResize`. */
  mayResize: (appointment: Appointment) => boolean
  /** A new end, in minutes of the appointment's own day. */
  onResize: (appointment: Appointment, endMinutes: number) => void
}) {
  const { t, i18n } = useLingui()
  const { columns, appointments, timeZone, axis, canBook, minColumnRem, onSlot, onOpen, mayMove, onMove } =
    props
  const { mayResize, onResize } = props
  const drag = useBlockDrag(axis, (id, place) => {
    const appointment = appointments.find((item) => item.id === id)
    const column = columns.find((item) => item.key === place.columnKey)
    if (appointment && column) onMove(appointment, column, place.minutes)
  })
  const resize = useBlockResize(axis, (id, end) => {
    const appointment = appointments.find((item) => item.id === id)
    if (appointment) onResize(appointment, end)
  })
  /**
   * Alt with an arrow key moves a block a quarter hour up or down, or to the column beside it; Alt and Shift with
   * up or down make it a quarter hour shorter or longer.
   */
  const moveByKey = (
    event: KeyboardEvent,
    appointment: Appointment,
    columnIndex: number,
    place: { start: number; end: number },
  ) => {
    if (!event.altKey) return
    if (event.shiftKey) {
      const change =
        event.key === 'ArrowUp' ? -DRAG_STEP_MINUTES : event.key === 'ArrowDown' ? DRAG_STEP_MINUTES : 0
      if (change === 0) return
      event.preventDefault()
      const end = place.end + change
      if (mayResize(appointment) && end > place.start && end <= axis.to) onResize(appointment, end)
      return
    }
    const start = place.start
    const steps: Record<string, [number, number]> = {
      ArrowUp: [0, -DRAG_STEP_MINUTES],
      ArrowDown: [0, DRAG_STEP_MINUTES],
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
    }
    const step = steps[event.key]
    if (!step) return
    event.preventDefault()
    const column = columns[columnIndex + step[0]]
    if (column) onMove(appointment, column, start + step[1])
  }
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
        style={{ gridTemplateColumns: `3.5rem repeat(${columns.length}, minmax(${minColumnRem}rem, 1fr))` }}
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
        {columns.map((column, columnIndex) => {
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
              data-column-key={column.key}
            >
              {hours.map((minutes) => (
                <span key={minutes} className="book-column__line" style={at(minutes)} aria-hidden="true" />
              ))}
              {canBook(column)
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
                const movable = mayMove(appointment)
                const resizable = movable && mayResize(appointment)
                const handlers = drag.blockProps(appointment.id)
                const offset = drag.offsetOf(appointment.id)
                const end = resize.previewEndOf(appointment.id) ?? place.end
                return (
                  <button
                    key={appointment.id}
                    type="button"
                    className={`book-block book-block--${appointment.status}${offset ? ' book-block--dragging' : ''}${end === place.end ? '' : ' book-block--resizing'}`}
                    style={{
                      ...at(place.start),
                      height: `${((end - place.start) / 60) * HOUR_REM}rem`,
                      ...(offset ? { transform: `translate(${offset.x}px, ${offset.y}px)` } : {}),
                    }}
                    aria-describedby={
                      resizable ? 'book-move-hint book-resize-hint' : movable ? 'book-move-hint' : undefined
                    }
                    onPointerDown={movable ? handlers.onPointerDown : undefined}
                    onKeyDown={
                      movable ? (event) => moveByKey(event, appointment, columnIndex, place) : undefined
                    }
                    onClick={() => {
                      const dragged = handlers.consumeClick()
                      if (!resize.consumeClick() && !dragged) onOpen(appointment)
                    }}
                  >
                    <span className="book-block__time">
                      {clockOf(place.start)}–{clockOf(Math.min(end, 24 * 60))}
                    </span>{' '}
                    <span className="book-block__client">{client}</span>{' '}
                    <span className="book-block__services">{services}</span>{' '}
                    <span className="book-block__status">{i18n._(statusNames[appointment.status])}</span>
                    {resizable ? (
                      <span
                        className="book-block__edge"
                        aria-hidden="true"
                        data-testid={`resize-${appointment.id}`}
                        {...resize.edgeProps(appointment.id, place)}
                      />
                    ) : null}
                  </button>
                )
              })}
            </div>
          )
        })}
      </div>
      <span id="book-move-hint" className="visually-hidden">
        {t`Drag the appointment to another time or column, or press Alt with an arrow key to move it a quarter of an hour or to the next column.`}
      </span>
      <span id="book-resize-hint" className="visually-hidden">
        {t`Drag its bottom edge, or press Alt and Shift with the up or down arrow, to make it a quarter of an hour shorter or longer.`}
      </span>
    </div>
  )
}
