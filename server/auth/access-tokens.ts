import { createHmac, timingSafeEqual } from 'node:crypto'
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

/** Session ids are UUIDs; anything else would only make the database lookup fail. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** The only protected header we issue, base64url-encoded once. */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: ACCESS_TOKEN_TYPE })).toString('base64url')
const BASE64URL = /^[A-Za-z0-9_-]+$/
const INVALID: AccessTokenCheck = { ok: false, reason: 'invalid' }

const sign = (secret: string, input: string) => createHmac('sha256', secret).update(input).digest()

/**
 * Signs a short-lived access token for one session: a compact JWS (RFC 7515) with HS256 and `typ: at+jwt`
 * (RFC 9068), made with node:crypto directly (a JWT library's generality costs more than the HMAC itself).
 */
export async function issueAccessToken(
  config: TokenConfig,
  subject: { userId: number; sessionId: string },
): Promise<{ token: string; expiresAt: number }> {
  const issuedAt = Math.floor(Date.now() / 1000)
  const expiresAt = issuedAt + config.ACCESS_TOKEN_TTL_SEC
  const payload = Buffer.from(
    JSON.stringify({
      sid: subject.sessionId,
      sub: String(subject.userId),
      aud: ACCESS_TOKEN_AUDIENCE,
      iss: config.PUBLIC_ORIGIN,
      iat: issuedAt,
      exp: expiresAt,
    }),
  ).toString('base64url')
  const signingInput = `${HEADER}.${payload}`
  return {
    token: `${signingInput}.${sign(config.JWT_SECRET, signingInput).toString('base64url')}`,
    expiresAt,
  }
}

function decodeJson(part: string): Record<string, unknown> | null {
  if (!BASE64URL.test(part)) return null
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

/** More tokens than this start the memory again: a bound on memory (some 3 MB), not a policy. */
const MAX_REMEMBERED_TOKENS = 10_000
const EXPIRED: AccessTokenCheck = { ok: false, reason: 'expired' }

/**
 * Tokens whose signature and claims have held, per server configuration: a client presents the same token on
 * every request until it expires, and checking it costs an HMAC, two base64 decodings and a JSON parse each time.
 * Only the exact text of a verified token finds its claims here; its expiry is still checked on every use, and
 * whether its session stands is asked separately on every request (authenticate.ts).
 */
const verifiedTokens = new WeakMap<TokenConfig, Map<string, Readonly<AccessTokenClaims>>>()
function verifiedTokensOf(config: TokenConfig): Map<string, Readonly<AccessTokenClaims>> {
  let tokens = verifiedTokens.get(config)
  if (!tokens) {
    tokens = new Map()
    verifiedTokens.set(config, tokens)
  }
  return tokens
}

/**
 * Checks signature, algorithm (HS256 only, so 'none' or an RS/HS confusion is refused), type header, audience,
 * issuer and expiry, in that order: only a token whose signature holds can report expiry. Whether the session is
 * still alive is a database question, answered by the caller.
 */
export async function verifyAccessToken(config: TokenConfig, token: string): Promise<AccessTokenCheck> {
  const now = Math.floor(Date.now() / 1000)
  const remembered = verifiedTokensOf(config)
  const claims = remembered.get(token)
  if (claims) {
    if (claims.expiresAt > now) return { ok: true, claims }
    remembered.delete(token)
    return EXPIRED
  }
  const checked = verifyAccessTokenNow(config, token, now)
  if (checked.ok) {
    if (remembered.size >= MAX_REMEMBERED_TOKENS) remembered.clear()
    remembered.set(token, Object.freeze(checked.claims))
  }
  return checked
}

function verifyAccessTokenNow(config: TokenConfig, token: string, now: number): AccessTokenCheck {
  const parts = token.split('.')
  if (parts.length !== 3) return INVALID
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
  const header = decodeJson(headerPart)
  // A `crit` header names extensions we do not understand: RFC 7515 says refuse.
  if (!header || header.alg !== 'HS256' || header.typ !== ACCESS_TOKEN_TYPE || 'crit' in header)
    return INVALID
  if (!BASE64URL.test(signaturePart)) return INVALID
  const expected = sign(config.JWT_SECRET, `${headerPart}.${payloadPart}`)
  const presented = Buffer.from(signaturePart, 'base64url')
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return INVALID
  const payload = decodeJson(payloadPart)
  if (!payload) return INVALID
  const { sub, sid, iat, exp, aud, iss, nbf } = payload
  const audiences = Array.isArray(aud) ? aud : [aud]
  if (!audiences.includes(ACCESS_TOKEN_AUDIENCE) || iss !== config.PUBLIC_ORIGIN) return INVALID
  if (typeof iat !== 'number' || typeof exp !== 'number' || !Number.isFinite(iat) || !Number.isFinite(exp)) {
    return INVALID
  }
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return INVALID
  const userId = typeof sub === 'string' && /^\d{1,15}$/.test(sub) ? Number(sub) : Number.NaN
  if (!Number.isSafeInteger(userId) || userId <= 0 || typeof sid !== 'string' || !UUID.test(sid)) {
    return INVALID
  }
  if (exp <= now) return { ok: false, reason: 'expired' }
  return { ok: true, claims: { userId, sessionId: sid, issuedAt: iat, expiresAt: exp } }
}
