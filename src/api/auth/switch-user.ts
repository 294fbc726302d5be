import { queryOptions } from '@tanstack/react-query'
import {
  switchCandidatesSchema,
  switchStateSchema,
  switchUserTokenSchema,
} from '../../../contract/auth/account-switching-schemas'
import { needsSecondFactor, signInReplySchema, tokenPairSchema } from '../../../contract/auth/schemas'
import { apiRequest } from '../client'
import { storeAccessToken } from '../token-store'

/** GET /auth/switch_user/users?q=: the accounts support may sign in as. */
export function findSwitchCandidates(query: string) {
  return apiRequest('/auth/switch_user/users', { query: { q: query }, schema: switchCandidatesSchema })
}

/** POST /auth/switch_user/token: a single-use token, valid for a minute, to act as the user. */
export function askSwitchToken(userId: number) {
  return apiRequest('/auth/switch_user/token', {
    method: 'POST',
    body: { user_id: userId },
    schema: switchUserTokenSchema,
  })
}

/**
 * POST /auth/switch_user: with the token alone the server either switches (the token pair, stored here) or asks
 * for support's own second factor first (a login confirmation session); with `2fa` it completes that.
 */
export async function switchUser(token: string, secondFactor?: { uuid: string; code: string }) {
  const reply = await apiRequest('/auth/switch_user', {
    method: 'POST',
    body: secondFactor ? { token, '2fa': secondFactor } : { token },
    schema: signInReplySchema,
  })
  if (!needsSecondFactor(reply)) storeAccessToken(reply.access_token)
  return reply
}

/** POST /auth/switch_user/return: back to support's own session, no password; the new token is stored. */
export async function returnToOwnAccount() {
  const pair = await apiRequest('/auth/switch_user/return', {
    method: 'POST',
    body: {},
    schema: tokenPairSchema,
  })
  storeAccessToken(pair.access_token)
  return pair
}

/** GET /auth/switch_user/state: whether this session acts as someone for support, and whether it may. */
export const switchStateQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'switch-state'],
    queryFn: () => apiRequest('/auth/switch_user/state', { schema: switchStateSchema }),
    // It changes only by switching, which loads the app afresh.
    staleTime: Infinity,
  })
