import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config'
import { frameCookieAttributes } from '../embedding/frame-cookies'

/** The invite this browser opened last, for the sign-in screen's banner; HttpOnly, only the API reads it. */
export const LAST_INVITE_COOKIE = 'last_invite'
const MAX_AGE_SEC = 7 * 24 * 60 * 60

type CookieConfig = Pick<Config, 'PUBLIC_ORIGIN' | 'EMBED_PARENT_ORIGINS'>

/**
 * SameSite=Lax on its own site; inside the admin application's frame, where a Lax cookie is never stored,
 * SameSite=None; Secure; Partitioned (server/embedding/frame-cookies.ts).
 */
function options(config: CookieConfig, reply: FastifyReply) {
  const standalone = {
    httpOnly: true,
    secure: config.PUBLIC_ORIGIN.startsWith('https:'),
    sameSite: 'lax' as 'lax' | 'none',
    path: '/api',
  }
  const framed = frameCookieAttributes(config, reply.request.headers)
  return framed ? { ...standalone, ...framed } : standalone
}

export function rememberLastInvite(reply: FastifyReply, config: CookieConfig, token: string) {
  reply.setCookie(LAST_INVITE_COOKIE, token, { ...options(config, reply), maxAge: MAX_AGE_SEC })
}

export function forgetLastInvite(reply: FastifyReply, config: CookieConfig) {
  reply.clearCookie(LAST_INVITE_COOKIE, options(config, reply))
}

export const lastInviteToken = (request: FastifyRequest) => request.cookies[LAST_INVITE_COOKIE]
