import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  workingHoursExceptionSchema,
  workingHoursExceptionsSchema,
} from '../../../contract/appointments/schemas'
import type { WorkInterval } from '../../../contract/working-hours/week'
import { nextDate } from '../../../contract/zoned-time'
import { apiRequest } from '../client'

/** GET /company/{companyId}/working_hours_exceptions?from&to: every staff member's changed days in the span. */
export function fetchDayExceptions(companyId: number, from: string, to: string) {
  const query = new URLSearchParams({ from, to })
  return apiRequest(`/company/${companyId}/working_hours_exceptions?${query}`, {
    schema: workingHoursExceptionsSchema,
  })
}

export const dayExceptionsQueryOptions = (companyId: number, from: string, to: string) =>
  queryOptions({
    queryKey: ['working-hours', companyId, 'exceptions', from, to],
    queryFn: () => fetchDayExceptions(companyId, from, to),
  })

/** How far ahead the working-hours page lists the changed days. */
const UPCOMING_DAYS = 90

/** The changed days the working-hours page lists: from `today` (the salon's, YYYY-MM-DD) to 90 days ahead. */
export const upcomingDayExceptionsQueryOptions = (companyId: number, today: string) =>
  dayExceptionsQueryOptions(companyId, today, nextDate(today, UPCOMING_DAYS))

export const useUpcomingDayExceptions = (companyId: number, today: string) =>
  useQuery(upcomingDayExceptionsQueryOptions(companyId, today))

const dayPath = (companyId: number, staffId: number, date: string) =>
  `/company/${companyId}/staff/${staffId}/working_hours_exceptions/${date}`

/** PUT of one staff member's day: its own stretches in place of the week's, none for a day off. */
export function saveDayException(
  companyId: number,
  staffId: number,
  date: string,
  intervals: WorkInterval[],
) {
  return apiRequest(dayPath(companyId, staffId, date), {
    method: 'PUT',
    body: { intervals },
    schema: workingHoursExceptionSchema,
  })
}

/** DELETE of the same day: it follows the week again. */
export function dropDayException(companyId: number, staffId: number, date: string) {
  return apiRequest(dayPath(companyId, staffId, date), { method: 'DELETE', schema: v.null() })
}

/** A changed day is read again with every week (`['working-hours', companyId]`), as free times depend on both. */
function useExceptionsInvalidation(companyId: number) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['working-hours', companyId, 'exceptions'] })
}

export function useSaveDayException(companyId: number) {
  const onSuccess = useExceptionsInvalidation(companyId)
  return useMutation({
    mutationFn: (day: { staffId: number; date: string; intervals: WorkInterval[] }) =>
      saveDayException(companyId, day.staffId, day.date, day.intervals),
    onSuccess,
  })
}

export function useDropDayException(companyId: number) {
  const onSuccess = useExceptionsInvalidation(companyId)
  return useMutation({
    mutationFn: (day: { staffId: number; date: string }) =>
      dropDayException(companyId, day.staffId, day.date),
    onSuccess,
  })
}
