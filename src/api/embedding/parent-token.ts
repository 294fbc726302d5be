import { apiRequest } from '../client'
import { parentTokenSchema } from '../../../contract/embedding/schemas'

/**
 * POST /embedding/parent_token: a bearer token of a separate session for the admin application, so
 * that the frame can log its own session out and the parent's token keeps working.
 */
export function issueParentToken(parentOrigin: string) {
  return apiRequest('/embedding/parent_token', {
    method: 'POST',
    body: { parent_origin: parentOrigin },
    schema: parentTokenSchema,
  })
}
