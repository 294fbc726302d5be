import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../client'
import { companyStateSchema } from './company-state-schemas'

/** GET /company/{companyId}/state: storage settings, SMS sender name, analytics threshold, default country, licence. */
export function fetchCompanyState(companyId: number) {
  return apiRequest(`/company/${companyId}/state`, { schema: companyStateSchema })
}

export const companyStateQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: ['company', companyId, 'state'], queryFn: () => fetchCompanyState(companyId) })

export const useCompanyState = (companyId: number) => useQuery(companyStateQueryOptions(companyId))
