import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../client'
import { unitsSchema } from '../../../contract/units/schemas'

/** GET /companies/{companyId}/units */
export function fetchUnits(companyId: number) {
  return apiRequest(`/companies/${companyId}/units`, { schema: unitsSchema })
}

export const unitsQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: ['units', companyId], queryFn: () => fetchUnits(companyId) })

export const useUnits = (companyId: number) => useQuery(unitsQueryOptions(companyId))
