import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { companyTwoFactorSchema, type TwoFactorPolicy } from '../../../contract/auth/two-factor-schemas'
import { apiRequest } from '../client'
import { twoFactorSettingQueryOptions } from './two-factor-setting'

/** GET /company/{id}/security/two_factor: who must use a second factor, and the members it can reach. */
export function fetchCompanyTwoFactor(companyId: number) {
  return apiRequest(`/company/${companyId}/security/two_factor`, { schema: companyTwoFactorSchema })
}
export const companyTwoFactorQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['company-two-factor', companyId],
    queryFn: () => fetchCompanyTwoFactor(companyId),
  })
export const useCompanyTwoFactor = (companyId: number, enabled = true) =>
  useQuery({ ...companyTwoFactorQueryOptions(companyId), enabled })

/** PUT /company/{id}/security/two_factor */
export function saveCompanyTwoFactor(companyId: number, requiredFor: TwoFactorPolicy) {
  return apiRequest(`/company/${companyId}/security/two_factor`, {
    method: 'PUT',
    body: { required_for: requiredFor },
    schema: companyTwoFactorSchema,
  })
}
/** Saves the policy; the user's own setting is read again, since the policy may now cover them too. */
export function useSaveCompanyTwoFactor(companyId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (requiredFor: TwoFactorPolicy) => saveCompanyTwoFactor(companyId, requiredFor),
    onSuccess: (saved) => {
      queryClient.setQueryData(companyTwoFactorQueryOptions(companyId).queryKey, saved)
      return queryClient.invalidateQueries({ queryKey: twoFactorSettingQueryOptions().queryKey })
    },
  })
}
