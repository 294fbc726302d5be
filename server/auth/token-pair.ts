import type { TokenPair } from '../../contract/auth/schemas'
import type { Config } from '../config'
import type { users } from '../db/schema'
import { issueAccessToken } from './access-tokens'
import { toApiUser } from './api-user'

/** The reply of a sign-in or refresh (tokenPairSchema): a fresh access token beside the new refresh token. */
export async function buildTokenPair(
  config: Pick<Config, 'JWT_SECRET' | 'PUBLIC_ORIGIN' | 'ACCESS_TOKEN_TTL_SEC'>,
  input: {
    user: typeof users.$inferSelect
    sessionId: string
    refreshToken: string
    redirectUrl?: string | null
  },
): Promise<TokenPair> {
  const access = await issueAccessToken(config, { userId: input.user.id, sessionId: input.sessionId })
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: config.ACCESS_TOKEN_TTL_SEC,
    refresh_token: input.refreshToken,
    user: toApiUser(input.user),
    redirect_url: input.redirectUrl ?? null,
  }
}
