import { Trans, useLingui } from '@lingui/react/macro'
import type { OnlineBooking } from '../../../contract/online-booking/schemas'
import { momentLabel } from './booking-dates'

/** What, when, with whom and where: the booking as its client reads it. */
export function BookingDetails({ booking }: { booking: OnlineBooking }) {
  const { i18n } = useLingui()
  return (
    <dl className="facts">
      <dt>
        <Trans>Salon</Trans>
      </dt>
      <dd>{booking.company_title}</dd>
      <dt>
        <Trans>When</Trans>
      </dt>
      <dd>{momentLabel(booking.start_at, i18n.locale, booking.timezone)}</dd>
      <dt>
        <Trans>Staff member</Trans>
      </dt>
      <dd>{booking.staff_name}</dd>
      <dt>
        <Trans>Services</Trans>
      </dt>
      <dd>{booking.services.join(', ')}</dd>
    </dl>
  )
}
