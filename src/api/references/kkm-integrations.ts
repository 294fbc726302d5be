import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../client'
import { kkmIntegrationsSchema } from '../../../contract/references/schemas'

/** GET /references/kkm_integration (no sign-in). */
export function fetchKkmIntegrations() {
  return apiRequest('/references/kkm_integration', { auth: false, schema: kkmIntegrationsSchema })
}

export const kkmIntegrationsQueryOptions = () =>
  queryOptions({
    queryKey: ['references', 'kkm_integration'],
    queryFn: fetchKkmIntegrations,
    staleTime: Infinity,
  })

export const useKkmIntegrations = () => useQuery(kkmIntegrationsQueryOptions())
