import { apiRequest } from '../client'
import { sessionInfoSchema } from '../../../contract/auth/schemas'

/**
 * POST /auth/session: who the stored access token belongs to. The session machine calls it while
 * restoring, so a 401 comes back to it as an error instead of starting a refresh.
 */
export function fetchSessionInfo() {
  return apiRequest('/auth/session', {
    method: 'POST',
    body: {},
    schema: sessionInfoSchema,
    handleUnauthorized: false,
  })
}
