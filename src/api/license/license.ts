import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../client'
import {
  addStaffCalculationSchema,
  licenseReplySchema,
  licenseSchema,
  type AddLicenseOptionBody,
} from '../../../contract/license/schemas'

/** GET /license/{companyId}: the licence, or null when the company has none (the server answers []). */
export function fetchLicense(companyId: number) {
  return apiRequest(`/license/${companyId}`, { schema: licenseReplySchema })
}

export const licenseQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: ['license', companyId], queryFn: () => fetchLicense(companyId) })

export const useLicense = (companyId: number) => useQuery(licenseQueryOptions(companyId))

/** GET /license/{companyId}/add_staff/calculate?amount=: the price of additional staff seats until the licence ends. */
export function fetchAddStaffCalculation(companyId: number, amount: number) {
  return apiRequest(`/license/${companyId}/add_staff/calculate`, {
    query: { amount },
    schema: addStaffCalculationSchema,
  })
}

export const addStaffCalculationQueryOptions = (companyId: number, amount: number) =>
  queryOptions({
    queryKey: ['license', companyId, 'add-staff', amount],
    queryFn: () => fetchAddStaffCalculation(companyId, amount),
  })

export const useAddStaffCalculation = (companyId: number, amount: number) =>
  useQuery(addStaffCalculationQueryOptions(companyId, amount))

/** POST /license/{companyId}/options/add {option_id, amount}: answers the licence with the option added. */
export function addLicenseOption(companyId: number, body: AddLicenseOptionBody) {
  return apiRequest(`/license/${companyId}/options/add`, { method: 'POST', body, schema: licenseSchema })
}

export function useAddLicenseOption(companyId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: AddLicenseOptionBody) => addLicenseOption(companyId, body),
    onSuccess: (license) => queryClient.setQueryData(licenseQueryOptions(companyId).queryKey, license),
  })
}

/** POST /license/{companyId}/trial: starts the 14-day trial of a company that never had a licence. */
export function startTrialLicense(companyId: number) {
  return apiRequest(`/license/${companyId}/trial`, { method: 'POST', schema: licenseSchema })
}

export function useStartTrialLicense(companyId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => startTrialLicense(companyId),
    onSuccess: (license) => queryClient.setQueryData(licenseQueryOptions(companyId).queryKey, license),
  })
}
