import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../client'
import { timetableSettingsReplySchema, type TimetableSettingsBody } from '../../../contract/timetable/schemas'

/**
 * GET /company/{companyId}/timetable/settings: the three flags, and whether this build offers the agreements
 * at all (the server applies the agreements build flag).
 */
export function fetchTimetableSettings(companyId: number) {
  return apiRequest(`/company/${companyId}/timetable/settings`, { schema: timetableSettingsReplySchema })
}

export const timetableSettingsQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['timetable-settings', companyId],
    queryFn: () => fetchTimetableSettings(companyId),
  })

export const useTimetableSettings = (companyId: number) => useQuery(timetableSettingsQueryOptions(companyId))

/** PUT /company/{companyId}/timetable/settings: the flags sent change, the others keep their values. */
export function saveTimetableSettings(companyId: number, body: TimetableSettingsBody) {
  return apiRequest(`/company/${companyId}/timetable/settings`, {
    method: 'PUT',
    body,
    schema: timetableSettingsReplySchema,
  })
}

/** Saves the flags and puts the server's answer in the cache, so the form shows what was stored. */
export function useSaveTimetableSettings(companyId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TimetableSettingsBody) => saveTimetableSettings(companyId, body),
    onSuccess: (saved) => queryClient.setQueryData(timetableSettingsQueryOptions(companyId).queryKey, saved),
  })
}
