import type { FastifyReply } from 'fastify'
import type { Config } from '../config'
import { REFRESH_COOKIE_NAME } from '../constants'
import { frameCookieAttributes } from '../embedding/frame-cookies'

type CookieConfig = Pick<Config, 'PUBLIC_ORIGIN' | 'REFRESH_TOKEN_TTL_SEC' | 'EMBED_PARENT_ORIGINS'>

/**
 * The refresh token also travels as an HttpOnly cookie, so that browser scripts never need to store it. Path
 * /api keeps it off page loads; SameSite=Lax keeps it off cross-site POSTs. Inside the admin application's
 * frame a Lax cookie would never be stored, so there it is SameSite=None; Secure; Partitioned instead
 * (server/embedding/frame-cookies.ts, docs/decisions.md).
 */
function cookieOptions(config: CookieConfig, reply: FastifyReply) {
  const standalone = {
    httpOnly: true,
    secure: config.PUBLIC_ORIGIN.startsWith('https:'),
    sameSite: 'lax' as 'lax' | 'none',
    path: '/api',
  }
  const framed = frameCookieAttributes(config, reply.request.headers)
  return framed ? { ...standalone, ...framed } : standalone
}

export function setRefreshCookie(reply: FastifyReply, config: CookieConfig, token: string): void {
  reply.setCookie(REFRESH_COOKIE_NAME, token, {
    ...cookieOptions(config, reply),
    maxAge: config.REFRESH_TOKEN_TTL_SEC,
  })
}

export function clearRefreshCookie(reply: FastifyReply, config: CookieConfig): void {
  reply.clearCookie(REFRESH_COOKIE_NAME, cookieOptions(config, reply))
}
