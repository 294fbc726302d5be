import { deleteCookie, readCookie, writeCookie } from './cookies'
import { ACCESS_TOKEN_COOKIE } from '../../contract/browser-cookies'

/**
 * The cookies of SPEC.md section 3: the access token, a device id and a refresh timestamp.
 * The refresh token never reaches script: the server keeps it in an HttpOnly cookie.
 */
const accessTokenCookie = ACCESS_TOKEN_COOKIE
const deviceIdCookie = 'device_id'
const refreshedAtCookie = 'token_refreshed_at'

/** How long the refresh timestamp lives (SPEC.md section 9): while it does, other tabs reuse the new token. */
export const refreshTimestampLifetimeMs = 120_000
const deviceIdLifetimeSeconds = 400 * 24 * 60 * 60

export function readAccessToken(): string | null {
  return readCookie(accessTokenCookie)
}

/**
 * The cookie outlives the token on purpose: an expired token on a returning visit is what tells the
 * app to try the refresh token (an HttpOnly cookie that script cannot see) instead of showing sign-in.
 */
const accessTokenCookieLifetimeSeconds = 30 * 24 * 60 * 60

export function storeAccessToken(token: string) {
  writeCookie(accessTokenCookie, token, { maxAgeSeconds: accessTokenCookieLifetimeSeconds })
}

/** Marks a completed refresh so that another tab that meets an expired token picks up this one instead. */
export function markRefreshed(now = Date.now()) {
  writeCookie(refreshedAtCookie, String(now), { maxAgeSeconds: refreshTimestampLifetimeMs / 1000 })
}

export function wasRefreshedRecently(now = Date.now()): boolean {
  const value = Number(readCookie(refreshedAtCookie))
  return Number.isFinite(value) && value > 0 && now - value < refreshTimestampLifetimeMs
}

export function clearAccessToken() {
  deleteCookie(accessTokenCookie)
  deleteCookie(refreshedAtCookie)
}

/** A stable random id for this browser, sent with analytics and sign-ins. */
export function deviceId(): string {
  const existing = readCookie(deviceIdCookie)
  if (existing) return existing
  const created = crypto.randomUUID()
  writeCookie(deviceIdCookie, created, { maxAgeSeconds: deviceIdLifetimeSeconds })
  return created
}
