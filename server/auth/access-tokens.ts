import { errors, jwtVerify, SignJWT } from 'jose'
import type { Config } from '../config'
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_TYPE } from '../constants'

export interface AccessTokenClaims {
  userId: number
  sessionId: string
  /** Issued-at, seconds since the epoch. */
  issuedAt: number
  /** Expiry, seconds since the epoch. */
  expiresAt: number
}

export type AccessTokenCheck =
  { ok: true; claims: AccessTokenClaims } | { ok: false; reason: 'expired' | 'invalid' }

type TokenConfig = Pick<Config, 'JWT_SECRET' | 'PUBLIC_ORIGIN' | 'ACCESS_TOKEN_TTL_SEC'>

const encoder = new TextEncoder()
/** Session ids are UUIDs; anything else would only make the database lookup fail. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const keyOf = (config: TokenConfig) => encoder.encode(config.JWT_SECRET)

/** Signs a short-lived access token for one session (HS256, typ at+jwt). */
export async function issueAccessToken(
  config: TokenConfig,
  subject: { userId: number; sessionId: string },
): Promise<{ token: string; expiresAt: number }> {
  const issuedAt = Math.floor(Date.now() / 1000)
  const expiresAt = issuedAt + config.ACCESS_TOKEN_TTL_SEC
  const token = await new SignJWT({ sid: subject.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYPE })
    .setSubject(String(subject.userId))
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuer(config.PUBLIC_ORIGIN)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(keyOf(config))
  return { token, expiresAt }
}

/**
 * Checks signature, algorithm (HS256 only, so 'none' or an RS/HS confusion is refused), type header, audience,
 * issuer and expiry. Whether the session is still alive is a database question, answered by the caller.
 */
export async function verifyAccessToken(config: TokenConfig, token: string): Promise<AccessTokenCheck> {
  try {
    const { payload } = await jwtVerify(token, keyOf(config), {
      algorithms: ['HS256'],
      audience: ACCESS_TOKEN_AUDIENCE,
      issuer: config.PUBLIC_ORIGIN,
      typ: ACCESS_TOKEN_TYPE,
      requiredClaims: ['sub', 'sid', 'iat', 'exp'],
    })
    const userId = Number(payload.sub)
    const sessionId = payload.sid
    if (
      !Number.isSafeInteger(userId) ||
      userId <= 0 ||
      typeof sessionId !== 'string' ||
      !UUID.test(sessionId)
    ) {
      return { ok: false, reason: 'invalid' }
    }
    return { ok: true, claims: { userId, sessionId, issuedAt: payload.iat!, expiresAt: payload.exp! } }
  } catch (error) {
    // Only a token that is otherwise valid reports expiry: jose checks the signature before the time claims.
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' }
    return { ok: false, reason: 'invalid' }
  }
}
