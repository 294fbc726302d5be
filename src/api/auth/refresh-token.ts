import { apiRequest } from '../client'
import { markRefreshed, storeAccessToken } from '../token-store'
import { tokenPairSchema, type User } from '../../../contract/auth/schemas'

/** POST /jwt/refresh: the refresh token travels in its HttpOnly cookie, so the body is empty. */
export async function refreshToken(): Promise<User> {
  const pair = await apiRequest('/jwt/refresh', {
    method: 'POST',
    body: {},
    schema: tokenPairSchema,
    auth: false,
  })
  storeAccessToken(pair.access_token)
  markRefreshed()
  return pair.user
}
