import * as v from 'valibot'
import { apiRequest } from '../client'

/** POST /auth/logout_session: revokes the session, so the access token stops working at once. */
export async function logoutSession(): Promise<void> {
  await apiRequest('/auth/logout_session', {
    method: 'POST',
    body: {},
    schema: v.nullable(v.unknown()),
    handleUnauthorized: false,
  })
}
