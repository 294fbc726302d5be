import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../client'
import {
  employeeListSchema,
  employeeSchema,
  removableSalonListSchema,
  salarySchemesCountSchema,
  staffFilterQuery,
  staffNotificationsSchema,
  staffServiceLinkListSchema,
  staffUserListSchema,
  type StaffFilters,
} from '../../../contract/staff/schemas'

/** GET companies/{id}/staff?include=position with the filters, empty name and negative position_id dropped. */
export function fetchStaffList(companyId: number, filters: StaffFilters = {}) {
  return apiRequest(`/companies/${companyId}/staff`, {
    query: { include: 'position', ...staffFilterQuery(filters) },
    schema: employeeListSchema,
  })
}
export const staffListQueryOptions = (companyId: number, filters: StaffFilters = {}) =>
  queryOptions({
    queryKey: ['staff', companyId, 'list', staffFilterQuery(filters)],
    queryFn: () => fetchStaffList(companyId, filters),
  })
export const useStaffList = (companyId: number, filters: StaffFilters = {}) =>
  useQuery(staffListQueryOptions(companyId, filters))

/** GET /staff/{id}. */
export function fetchEmployee(staffId: number) {
  return apiRequest(`/staff/${staffId}`, { schema: employeeSchema })
}
export const employeeQueryOptions = (staffId: number) =>
  queryOptions({ queryKey: ['staff', 'one', staffId], queryFn: () => fetchEmployee(staffId) })
export const useEmployee = (staffId: number) => useQuery(employeeQueryOptions(staffId))

/** GET /staff/search: working employees whose name or specialization contains the term. */
export function fetchStaffSearch(companyId: number, term: string) {
  return apiRequest('/staff/search', { query: { company_id: companyId, term }, schema: employeeListSchema })
}
export const staffSearchQueryOptions = (companyId: number, term: string) =>
  queryOptions({
    queryKey: ['staff', companyId, 'search', term],
    queryFn: () => fetchStaffSearch(companyId, term),
    enabled: term.trim() !== '',
  })
export const useStaffSearch = (companyId: number, term: string) =>
  useQuery(staffSearchQueryOptions(companyId, term))

/** GET /staff/users: the company's members, for linking an employee to an account. */
export function fetchStaffUsers(companyId: number) {
  return apiRequest('/staff/users', { query: { company_id: companyId }, schema: staffUserListSchema })
}
export const staffUsersQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: ['staff', companyId, 'users'], queryFn: () => fetchStaffUsers(companyId) })
export const useStaffUsers = (companyId: number) => useQuery(staffUsersQueryOptions(companyId))

/** GET /staff/{id}/services. */
export function fetchStaffServices(staffId: number) {
  return apiRequest(`/staff/${staffId}/services`, { schema: staffServiceLinkListSchema })
}
export const staffServicesQueryOptions = (staffId: number) =>
  queryOptions({
    queryKey: ['staff', 'one', staffId, 'services'],
    queryFn: () => fetchStaffServices(staffId),
  })
export const useStaffServices = (staffId: number) => useQuery(staffServicesQueryOptions(staffId))

/** GET /staff/{id}/notifications. */
export function fetchStaffNotifications(staffId: number) {
  return apiRequest(`/staff/${staffId}/notifications`, { schema: staffNotificationsSchema })
}
export const staffNotificationsQueryOptions = (staffId: number) =>
  queryOptions({
    queryKey: ['staff', 'one', staffId, 'notifications'],
    queryFn: () => fetchStaffNotifications(staffId),
  })
export const useStaffNotifications = (staffId: number) => useQuery(staffNotificationsQueryOptions(staffId))

/** GET /staff/{id}/salary_schemes_count. */
export function fetchSalarySchemesCount(staffId: number) {
  return apiRequest(`/staff/${staffId}/salary_schemes_count`, { schema: salarySchemesCountSchema })
}
export const salarySchemesCountQueryOptions = (staffId: number) =>
  queryOptions({
    queryKey: ['staff', 'one', staffId, 'salary_schemes_count'],
    queryFn: () => fetchSalarySchemesCount(staffId),
  })
export const useSalarySchemesCount = (staffId: number) => useQuery(salarySchemesCountQueryOptions(staffId))

/** GET /staff/{id}/available_remove_salons. */
export function fetchRemovableSalons(staffId: number) {
  return apiRequest(`/staff/${staffId}/available_remove_salons`, { schema: removableSalonListSchema })
}
export const removableSalonsQueryOptions = (staffId: number) =>
  queryOptions({
    queryKey: ['staff', 'one', staffId, 'available_remove_salons'],
    queryFn: () => fetchRemovableSalons(staffId),
  })
export const useRemovableSalons = (staffId: number) => useQuery(removableSalonsQueryOptions(staffId))
