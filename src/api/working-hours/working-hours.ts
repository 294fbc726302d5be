import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../client'
import {
  companyWorkingHoursSchema,
  staffWorkingHoursListSchema,
  staffWorkingHoursSchema,
  type CompanyWorkingHoursBody,
  type StaffWorkingHoursBody,
} from '../../../contract/working-hours/schemas'

/** GET /company/{companyId}/working_hours: the salon's opening hours, Monday first, and its time zone. */
export function fetchCompanyWorkingHours(companyId: number) {
  return apiRequest(`/company/${companyId}/working_hours`, { schema: companyWorkingHoursSchema })
}

export const companyWorkingHoursQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['working-hours', companyId, 'company'],
    queryFn: () => fetchCompanyWorkingHours(companyId),
  })

export const useCompanyWorkingHours = (companyId: number) =>
  useQuery(companyWorkingHoursQueryOptions(companyId))

/** GET /company/{companyId}/staff_working_hours: every working staff member's week, own or the salon's. */
export function fetchStaffWorkingHours(companyId: number) {
  return apiRequest(`/company/${companyId}/staff_working_hours`, { schema: staffWorkingHoursListSchema })
}

export const staffWorkingHoursQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['working-hours', companyId, 'staff'],
    queryFn: () => fetchStaffWorkingHours(companyId),
  })

export const useStaffWorkingHours = (companyId: number) => useQuery(staffWorkingHoursQueryOptions(companyId))

/** PUT /company/{companyId}/working_hours: the whole week; a day left out is a day off. */
export function saveCompanyWorkingHours(companyId: number, body: CompanyWorkingHoursBody) {
  return apiRequest(`/company/${companyId}/working_hours`, {
    method: 'PUT',
    body,
    schema: companyWorkingHoursSchema,
  })
}

/** PUT /company/{companyId}/staff/{staffId}/working_hours: the member's own week. */
export function saveStaffWorkingHours(companyId: number, staffId: number, body: StaffWorkingHoursBody) {
  return apiRequest(`/company/${companyId}/staff/${staffId}/working_hours`, {
    method: 'PUT',
    body,
    schema: staffWorkingHoursSchema,
  })
}

/** DELETE /company/{companyId}/staff/{staffId}/working_hours: the member follows the salon's hours again. */
export function followCompanyWorkingHours(companyId: number, staffId: number) {
  return apiRequest(`/company/${companyId}/staff/${staffId}/working_hours`, {
    method: 'DELETE',
    schema: staffWorkingHoursSchema,
  })
}

/**
 * After any change to a week: the salon's hours and every staff member's (those who follow the salon change
 * with it) are read again.
 */
function useWorkingHoursInvalidation(companyId: number) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['working-hours', companyId] })
}

export function useSaveCompanyWorkingHours(companyId: number) {
  const onSuccess = useWorkingHoursInvalidation(companyId)
  return useMutation({
    mutationFn: (body: CompanyWorkingHoursBody) => saveCompanyWorkingHours(companyId, body),
    onSuccess,
  })
}

export function useSaveStaffWorkingHours(companyId: number) {
  const onSuccess = useWorkingHoursInvalidation(companyId)
  return useMutation({
    mutationFn: ({ staffId, body }: { staffId: number; body: StaffWorkingHoursBody }) =>
      saveStaffWorkingHours(companyId, staffId, body),
    onSuccess,
  })
}

export function useFollowCompanyWorkingHours(companyId: number) {
  const onSuccess = useWorkingHoursInvalidation(companyId)
  return useMutation({
    mutationFn: (staffId: number) => followCompanyWorkingHours(companyId, staffId),
    onSuccess,
  })
}
