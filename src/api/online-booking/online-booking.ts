import { queryOptions, type QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { onlineCataloguePageDataSchema } from '../../../contract/online-booking/page-data'
import {
  onlineBookingConfirmedSchema,
  onlineBookingRequestSchema,
  onlineBookingSchema,
  onlineCatalogueSchema,
  onlineFreeTimesSchema,
  type OnlineBookingConfirmed,
  type OnlineBookingRequest,
  type OnlineBookingRequestBody,
} from '../../../contract/online-booking/schemas'
import { apiRequest } from '../client'

/** GET /b2c/{companyId}: the salon, its online services and staff. */
export const onlineCatalogueQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['b2c', companyId, 'catalogue'],
    queryFn: () => apiRequest(`/b2c/${companyId}`, { schema: onlineCatalogueSchema, auth: false }),
  })

/**
 * Puts the catalogue the server wrote into the booking page (contract/online-booking/page-data.ts) into the cache,
 * as if GET /b2c/{companyId} had answered it: the page's first render then needs no request. Anything that is not
 * that salon's catalogue is ignored (false), and the page asks the server.
 */
export function seedOnlineCatalogue(queryClient: QueryClient, companyId: number, written: unknown): boolean {
  const parsed = v.safeParse(onlineCataloguePageDataSchema, written)
  if (!parsed.success || parsed.output.company_id !== companyId) return false
  queryClient.setQueryData(onlineCatalogueQueryOptions(companyId).queryKey, parsed.output.catalogue)
  return true
}

/** GET /b2c/{companyId}/free_times: never kept once stale, since other clients book the same times. */
export const onlineFreeTimesQueryOptions = (
  companyId: number,
  serviceIds: readonly number[],
  staff: number | 'any',
  date: string,
) =>
  queryOptions({
    queryKey: ['b2c', companyId, 'free-times', serviceIds.join(','), staff, date],
    queryFn: () =>
      apiRequest(
        `/b2c/${companyId}/free_times?service_ids=${serviceIds.join(',')}&staff_id=${staff}&date=${date}`,
        { schema: onlineFreeTimesSchema, auth: false },
      ),
    staleTime: 0,
  })

/** POST /b2c/{companyId}/requests */
export function requestOnlineBooking(
  companyId: number,
  body: OnlineBookingRequestBody,
): Promise<OnlineBookingRequest> {
  return apiRequest(`/b2c/${companyId}/requests`, {
    method: 'POST',
    body,
    schema: onlineBookingRequestSchema,
    auth: false,
  })
}

/** POST /b2c/{companyId}/requests/{requestId}/confirm */
export function confirmOnlineBooking(
  companyId: number,
  requestId: string,
  code: string,
): Promise<OnlineBookingConfirmed> {
  return apiRequest(`/b2c/${companyId}/requests/${encodeURIComponent(requestId)}/confirm`, {
    method: 'POST',
    body: { code },
    schema: onlineBookingConfirmedSchema,
    auth: false,
  })
}

/** POST /b2c/{companyId}/requests/{requestId}/resend */
export function resendOnlineBookingCode(companyId: number, requestId: string): Promise<OnlineBookingRequest> {
  return apiRequest(`/b2c/${companyId}/requests/${encodeURIComponent(requestId)}/resend`, {
    method: 'POST',
    schema: onlineBookingRequestSchema,
    auth: false,
  })
}

/** GET /b2c/booking/{token}: the booking a cancellation link names. */
export const onlineBookingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['b2c', 'booking', token],
    queryFn: () =>
      apiRequest(`/b2c/booking/${encodeURIComponent(token)}`, { schema: onlineBookingSchema, auth: false }),
    staleTime: 0,
  })

/** POST /b2c/booking/{token}/cancel */
export function cancelOnlineBooking(token: string) {
  return apiRequest(`/b2c/booking/${encodeURIComponent(token)}/cancel`, {
    method: 'POST',
    schema: onlineBookingSchema,
    auth: false,
  })
}
