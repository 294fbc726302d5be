import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { NewOnlineBooking } from '../../../contract/online-booking/new-bookings'
import { useMarkOnlineBookingsSeen, useNewOnlineBookings } from '../../api/appointments/new-online-bookings'
import type { BookSearch } from './book-search'
import { clockOf, dateTitle, placeOf } from './book-time'
import { statusNames } from './status-texts'

/**
 * The online bookings clients made since this member last looked: a button with their count; opening it lists
 * them (each a link to its appointment in the book) and marks them looked at, on the server, for this member
 * alone. Hidden while there is nothing new.
 */
export function NewOnlineBookings({ companyId, timeZone }: { companyId: number; timeZone: string }) {
  const { t, i18n } = useLingui()
  const news = useNewOnlineBookings(companyId, true)
  const markSeen = useMarkOnlineBookingsSeen(companyId)
  // The list as it was when opened: marking it looked at empties the count, not what the member is reading.
  const [shown, setShown] = useState<NewOnlineBooking[] | null>(null)
  const fresh = news.data?.bookings ?? []
  if (shown === null && fresh.length === 0) return null
  // Where the booking stands on the salon's wall clock (a point: its length does not matter here).
  const dayOf = (startAt: string) => placeOf({ start_at: startAt, end_at: startAt }, timeZone)
  const toggle = () => {
    if (shown !== null) {
      setShown(null)
      return
    }
    setShown(fresh)
    markSeen.mutate(fresh[0]!.booked_at)
  }
  return (
    <div className="book-news">
      <button
        type="button"
        className="button button--small book-news__toggle"
        aria-expanded={shown !== null}
        aria-controls="book-news-list"
        onClick={toggle}
      >
        <Trans>New online bookings</Trans>
        {fresh.length > 0 ? (
          <>
            {' '}
            <span className="badge badge--accent" aria-hidden="true">
              {fresh.length}
            </span>
            <span className="visually-hidden">{t`${fresh.length} new`}</span>
          </>
        ) : null}
      </button>
      {shown === null ? null : (
        <ul id="book-news-list" className="book-news__list">
          {shown.map((booking) => (
            <li key={booking.appointment_id}>
              <Link
                to="."
                search={(previous: BookSearch) => ({
                  ...previous,
                  view: 'day' as const,
                  date: dayOf(booking.start_at).date,
                  appointment: booking.appointment_id,
                })}
                className="book-news__link"
              >
                <span className="book-news__when">
                  {dateTitle(dayOf(booking.start_at).date, i18n.locale, 'short')},{' '}
                  {clockOf(dayOf(booking.start_at).start)}
                </span>{' '}
                <span>{booking.client_name ?? t`No client`}</span>
                {' · '}
                <span>{booking.services.join(', ')}</span>
                {' · '}
                <span>{booking.staff_name}</span>
                {booking.status === 'cancelled' ? (
                  <span className="badge">{i18n._(statusNames.cancelled)}</span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
