import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  newOnlineBookingsSchema,
  onlineBookingsSeenSchema,
} from '../../../contract/online-booking/new-bookings'
import { apiRequest } from '../client'

/** How often the book asks for new online bookings while it is open. */
export const NEW_ONLINE_BOOKINGS_POLL_MS = 60_000

const newOnlineBookingsKey = (companyId: number) => ['appointments', companyId, 'online-new'] as const

/**
 * GET /company/{id}/online_bookings/new: the online bookings made since this member last looked; asked again
 * every minute and after every change of the book (its key is under the book's).
 */
export const useNewOnlineBookings = (companyId: number, enabled: boolean) =>
  useQuery({
    queryKey: newOnlineBookingsKey(companyId),
    queryFn: () =>
      apiRequest(`/company/${companyId}/online_bookings/new`, { schema: newOnlineBookingsSchema }),
    enabled,
    refetchInterval: NEW_ONLINE_BOOKINGS_POLL_MS,
  })

/** POST /company/{id}/online_bookings/seen: the member has looked at the bookings made up to `until`. */
export function useMarkOnlineBookingsSeen(companyId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (until: string) =>
      apiRequest(`/company/${companyId}/online_bookings/seen`, {
        method: 'POST',
        body: { until },
        schema: onlineBookingsSeenSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: newOnlineBookingsKey(companyId) }),
  })
}
