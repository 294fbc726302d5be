import { apiRequest } from '../client'
import { storeAccessToken } from '../token-store'
import { tokenPairSchema, type SignInBody, type User } from '../../../contract/auth/schemas'

/** POST /auth: signs in with an e-mail or phone and a password, and keeps the access token. */
export async function signIn(credentials: SignInBody): Promise<User> {
  const pair = await apiRequest('/auth', {
    method: 'POST',
    body: credentials,
    schema: tokenPairSchema,
    auth: false,
  })
  storeAccessToken(pair.access_token)
  return pair.user
}
