import type { FastifyRequest } from 'fastify'
import { ErrorCode } from '../../contract/error-codes'
import { verifyAccessToken } from '../auth/access-tokens'
import { findTokenUser, issuedAfterPasswordChange } from '../auth/sessions'
import type { RequestAuth } from './fastify-augmentation'
import { HttpError } from './http-error'

/** SPEC.md section 8: the client refreshes on 1001 and signs out, with this message, on anything else. */
export const TOKEN_EXPIRED_MESSAGE = /*i18n*/ 'token expired'
export const AUTHORIZATION_ERROR_MESSAGE = /*i18n*/ 'an authorization error has occurred'

type AuthCheck = { ok: true; auth: RequestAuth } | { ok: false; reason: 'expired' | 'invalid' }

const BEARER = /^Bearer +([\w.~+/=-]+)$/i

/**
 * Reads `Authorization: Bearer <token>`, verifies the token and then asks whether its session still stands:
 * signing out or a password change stops a token at once, not only when it expires. The answer comes from the
 * database, or from the last few seconds' answer for this session (server/auth/auth-cache.ts), which the
 * database's change notifications drop as soon as the session, its user or support's session change.
 */
async function checkBearer(request: FastifyRequest): Promise<AuthCheck> {
  const match = BEARER.exec(request.headers.authorization ?? '')
  if (!match?.[1]) return { ok: false, reason: 'invalid' }
  const { config, db, authCache } = request.server
  const checked = await verifyAccessToken(config, match[1])
  if (!checked.ok) return checked
  let found = authCache.session(checked.claims.sessionId)
  if (found) {
    // The cached answer is for the session; this token must name the same user and postdate any password change.
    if (found.user.id !== checked.claims.userId || !issuedAfterPasswordChange(found.user, checked.claims)) {
      return { ok: false, reason: 'invalid' }
    }
  } else {
    const mark = authCache.mark()
    found = (await findTokenUser(db, checked.claims)) ?? undefined
    if (!found) return { ok: false, reason: 'invalid' }
    authCache.storeSession(checked.claims.sessionId, found, mark)
  }
  const { userId, sessionId, expiresAt } = checked.claims
  const { user, switchedFromSessionId } = found
  return { ok: true, auth: { userId, sessionId, tokenExpiresAt: expiresAt, user, switchedFromSessionId } }
}

/** preHandler of every route that needs a signed-in user: 401 with code 1001 (expired) or 1002 (anything else). */
export async function authenticate(request: FastifyRequest): Promise<void> {
  const result = await checkBearer(request)
  if (!result.ok) {
    throw result.reason === 'expired'
      ? new HttpError(401, TOKEN_EXPIRED_MESSAGE, { code: ErrorCode.tokenExpiredOrRateLimited })
      : new HttpError(401, AUTHORIZATION_ERROR_MESSAGE, { code: ErrorCode.tokenInvalid })
  }
  request.auth = result.auth
}

/** preHandler of routes where signing in is optional: a valid token identifies the user, anything else is ignored. */
export async function authenticateIfPresent(request: FastifyRequest): Promise<void> {
  if (request.headers.authorization === undefined) return
  const result = await checkBearer(request)
  if (result.ok) request.auth = result.auth
}

/** The auth of a request that passed `authenticate`; a route that forgot the preHandler fails loudly. */
export function requireAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new Error('authenticate preHandler missing on this route')
  return request.auth
}

/**
 * Refuses what only the account's owner may do while a support account acts as them: changing how the account
 * signs in, or ending its sessions. Support sees the page as the user does, but cannot lock them out.
 */
export function refuseWhileSwitched(auth: RequestAuth): void {
  if (auth.switchedFromSessionId !== null) {
    throw new HttpError(403, /*i18n*/ 'Only the account owner may do this: return to your own account first')
  }
}
