import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../client'
import { salarySettingsSchema, type SalarySettingsSave } from '../../../contract/salary/schemas'

/** GET /company/{companyId}/salary/settings/{staffId}: one employee's payroll settings (defaults until saved). */
export function fetchSalarySettings(companyId: number, staffId: number) {
  return apiRequest(`/company/${companyId}/salary/settings/${staffId}`, { schema: salarySettingsSchema })
}

export const salarySettingsQueryOptions = (companyId: number, staffId: number) =>
  queryOptions({
    queryKey: ['salary-settings', companyId, staffId],
    queryFn: () => fetchSalarySettings(companyId, staffId),
  })

export const useSalarySettings = (companyId: number, staffId: number) =>
  useQuery(salarySettingsQueryOptions(companyId, staffId))

/** PUT /company/{companyId}/salary/settings/{staffId}: refused with 409 when saved since `expected_version`. */
export function saveSalarySettings(companyId: number, staffId: number, body: SalarySettingsSave) {
  return apiRequest(`/company/${companyId}/salary/settings/${staffId}`, {
    method: 'PUT',
    body,
    schema: salarySettingsSchema,
  })
}

export function useSaveSalarySettings(companyId: number, staffId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SalarySettingsSave) => saveSalarySettings(companyId, staffId, body),
    onSuccess: (settings) =>
      queryClient.setQueryData(salarySettingsQueryOptions(companyId, staffId).queryKey, settings),
  })
}
