import type { FastifyReply } from 'fastify'
import type { Config } from '../config'
import { REFRESH_COOKIE_NAME } from '../constants'

type CookieConfig = Pick<Config, 'PUBLIC_ORIGIN' | 'REFRESH_TOKEN_TTL_SEC'>

/**
 * The refresh token also travels as an HttpOnly cookie, so that browser scripts never need to store it. Path
 * /api keeps it off page loads; SameSite=Lax keeps it off cross-site POSTs.
 */
function cookieOptions(config: CookieConfig) {
  return {
    httpOnly: true,
    secure: config.PUBLIC_ORIGIN.startsWith('https:'),
    sameSite: 'lax' as const,
    path: '/api',
  }
}

export function setRefreshCookie(reply: FastifyReply, config: CookieConfig, token: string): void {
  reply.setCookie(REFRESH_COOKIE_NAME, token, {
    ...cookieOptions(config),
    maxAge: config.REFRESH_TOKEN_TTL_SEC,
  })
}

export function clearRefreshCookie(reply: FastifyReply, config: CookieConfig): void {
  reply.clearCookie(REFRESH_COOKIE_NAME, cookieOptions(config))
}
