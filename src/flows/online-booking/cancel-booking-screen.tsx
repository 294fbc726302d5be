import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { cancelOnlineBooking, onlineBookingQueryOptions } from '../../api/online-booking/online-booking'
import { callFailureOf } from '../../../machines/call-failure'
import { codeFailureText } from '../../ui/code-failure-text'
import { FormAlert } from '../../ui/form-alert'
import { usePageTitle } from '../../ui/page-title'
import { Spinner } from '../../ui/spinner'
import { BookingDetails } from './booking-details'
import './online-booking.css'

/** /{lang}/b2c/{companyId}/cancel/{token}: the booking a cancellation link names, and its cancel button. */
export function CancelBookingScreen() {
  const { token } = useParams({ strict: false }) as { token: string }
  const queryClient = useQueryClient()
  const booking = useQuery(onlineBookingQueryOptions(token))
  const cancel = useMutation({
    mutationFn: () => cancelOnlineBooking(token),
    onSuccess: (cancelled) => queryClient.setQueryData(onlineBookingQueryOptions(token).queryKey, cancelled),
  })
  usePageTitle(msg`Your booking`)
  if (booking.isPending) return <Spinner size="large" />
  return (
    <div className="b2c">
      <section className="card" aria-labelledby="b2c-cancel-title">
        <h1 id="b2c-cancel-title">
          <Trans>Your booking</Trans>
        </h1>
        {booking.isError ? (
          <FormAlert>
            <Trans>This link does not name a booking. Please check it or call the salon.</Trans>
          </FormAlert>
        ) : (
          <>
            <BookingDetails booking={booking.data} />
            {booking.data.status === 'cancelled' ? (
              <p role="status" className="b2c-done">
                <Trans>This booking is cancelled.</Trans>
              </p>
            ) : booking.data.cancellable ? (
              <>
                {cancel.isError ? (
                  <FormAlert>{codeFailureText(callFailureOf(cancel.error))}</FormAlert>
                ) : null}
                <div className="form-actions">
                  <button
                    type="button"
                    className="button button--danger"
                    disabled={cancel.isPending}
                    aria-busy={cancel.isPending}
                    onClick={() => cancel.mutate()}
                  >
                    <Trans>Cancel the booking</Trans>
                  </button>
                </div>
              </>
            ) : (
              <p>
                <Trans>This booking can no longer be cancelled online. Please call the salon.</Trans>
              </p>
            )}
          </>
        )}
      </section>
    </div>
  )
}
