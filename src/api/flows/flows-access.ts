import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { ApiError } from '../api-error'
import { apiRequest } from '../client'
import { devToolsSchema } from '../../../contract/dev-tools/schemas'

/**
 * GET /dev/tools: whether the server offers development tools to everyone. Only servers outside production
 * have the route; a 404 means production.
 */
export function fetchDevToolsOffered(): Promise<boolean> {
  return apiRequest('/dev/tools', { schema: devToolsSchema, auth: false }).then(
    (tools) => tools.flows,
    (error: unknown) => {
      if (error instanceof ApiError && error.details.status === 404) return false
      throw error
    },
  )
}

export const devToolsQueryOptions = () =>
  queryOptions({ queryKey: ['dev-tools'], queryFn: fetchDevToolsOffered, staleTime: Infinity })

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
