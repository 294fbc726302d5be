import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../client'
import { timetableSettingsSchema } from '../../../contract/timetable/schemas'

/** GET /company/{companyId}/timetable/settings (the server applies the agreements build flag). */
export function fetchTimetableSettings(companyId: number) {
  return apiRequest(`/company/${companyId}/timetable/settings`, { schema: timetableSettingsSchema })
}

export const timetableSettingsQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['timetable-settings', companyId],
    queryFn: () => fetchTimetableSettings(companyId),
  })

export const useTimetableSettings = (companyId: number) => useQuery(timetableSettingsQueryOptions(companyId))
