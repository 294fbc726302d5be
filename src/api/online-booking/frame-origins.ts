import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { frameOriginsSchema, type FrameOriginsBody } from '../../../contract/online-booking/frame-origins'
import { apiRequest } from '../client'

/** GET /company/{id}/online_booking/frame_origins: the sites that may show the booking page in a frame. */
export const frameOriginsQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['frame-origins', companyId],
    queryFn: () =>
      apiRequest(`/company/${companyId}/online_booking/frame_origins`, { schema: frameOriginsSchema }),
  })
export const useFrameOrigins = (companyId: number) => useQuery(frameOriginsQueryOptions(companyId))

/** PUT /company/{id}/online_booking/frame_origins: replaces the list. */
export function useSaveFrameOrigins(companyId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: FrameOriginsBody) =>
      apiRequest(`/company/${companyId}/online_booking/frame_origins`, {
        method: 'PUT',
        body,
        schema: frameOriginsSchema,
      }),
    onSuccess: (saved) => queryClient.setQueryData(frameOriginsQueryOptions(companyId).queryKey, saved),
  })
}
