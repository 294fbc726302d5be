import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { OnlineBookingConfirmed } from '../../../contract/online-booking/schemas'
import { BookingDetails } from './booking-details'

/** The end: the booking, and the link that cancels it (also sent in the confirmation message). */
export function BookedStep({ booked, lang }: { booked: OnlineBookingConfirmed; lang: string | undefined }) {
  return (
    <div>
      <p role="status" className="b2c-done">
        <Trans>You are booked. We sent you a confirmation.</Trans>
      </p>
      <BookingDetails booking={booked.booking} />
      <p>
        <Link
          to="/{-$lang}/b2c/$companyId/cancel/$token"
          params={{
            lang,
            companyId: String(booked.booking.company_id),
            token: booked.cancel_token,
          }}
        >
          <Trans>Cancel this booking</Trans>
        </Link>
      </p>
    </div>
  )
}
