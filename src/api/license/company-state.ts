import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../client'
import {
  companyStateSchema,
  type CompanyStateUpdateBody,
} from '../../../contract/license/company-state-schemas'

/** GET /company/{companyId}/state: storage settings, SMS sender name, analytics threshold, default country, licence. */
export function fetchCompanyState(companyId: number) {
  return apiRequest(`/company/${companyId}/state`, { schema: companyStateSchema })
}

export const companyStateQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: ['company', companyId, 'state'], queryFn: () => fetchCompanyState(companyId) })

export const useCompanyState = (companyId: number) => useQuery(companyStateQueryOptions(companyId))

/** PUT /company/{companyId}/state with only the fields to change: answers the whole state after the change. */
export function updateCompanyState(companyId: number, body: CompanyStateUpdateBody) {
  return apiRequest(`/company/${companyId}/state`, { method: 'PUT', body, schema: companyStateSchema })
}

export function useUpdateCompanyState(companyId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CompanyStateUpdateBody) => updateCompanyState(companyId, body),
    onSuccess: (state) => queryClient.setQueryData(companyStateQueryOptions(companyId).queryKey, state),
  })
}
