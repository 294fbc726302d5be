import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiRequest } from '../client'

const healthSchema = v.object({
  status: v.string(),
  /** Servers before the flows section did not say; they count as production. */
  environment: v.optional(v.string(), 'production'),
})

/** GET /health: the server's NODE_ENV; outside production development tools are shown to everyone. */
export function fetchServerEnvironment() {
  return apiRequest('/health', { schema: healthSchema, auth: false }).then((health) => health.environment)
}

export const serverEnvironmentQueryOptions = () =>
  queryOptions({ queryKey: ['health', 'environment'], queryFn: fetchServerEnvironment, staleTime: Infinity })

// Only the page flags are read here; the rest of the session reply is the session machine's business.
const pageFlagsSchema = v.object({
  user: v.object({ page_flags: v.optional(v.array(v.string()), []) }),
})

/** POST /auth/session: the signed-in user's page flags (SPEC.md section 6), `[]` when the server sends none. */
export function fetchPageFlags() {
  return apiRequest('/auth/session', {
    method: 'POST',
    body: {},
    schema: pageFlagsSchema,
    handleUnauthorized: false,
  }).then((session) => session.user.page_flags)
}

export const pageFlagsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: ['session', userId, 'page-flags'], queryFn: fetchPageFlags })
