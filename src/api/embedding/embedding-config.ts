import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../client'
import { embeddingConfigSchema } from '../../../contract/embedding/schemas'

/** GET /embedding/config: which parent origins may frame the app. Needs no session. */
export function fetchEmbeddingConfig() {
  return apiRequest('/embedding/config', { schema: embeddingConfigSchema, auth: false })
}

// The allow-list changes only with the server's configuration, so one read per page is enough.
export const embeddingConfigQueryOptions = () =>
  queryOptions({ queryKey: ['embedding', 'config'], queryFn: fetchEmbeddingConfig, staleTime: Infinity })
