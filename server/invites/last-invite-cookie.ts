import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config'
import { apiCookieOptions } from '../embedding/frame-cookies'

/** The invite this browser opened last, for the sign-in screen's banner; HttpOnly, only the API reads it. */
export const LAST_INVITE_COOKIE = 'last_invite'
const MAX_AGE_SEC = 7 * 24 * 60 * 60

type CookieConfig = Pick<Config, 'PUBLIC_ORIGIN' | 'EMBED_PARENT_ORIGINS'>

export function rememberLastInvite(reply: FastifyReply, config: CookieConfig, token: string) {
  reply.setCookie(LAST_INVITE_COOKIE, token, { ...apiCookieOptions(config, reply), maxAge: MAX_AGE_SEC })
}

export function forgetLastInvite(reply: FastifyReply, config: CookieConfig) {
  reply.clearCookie(LAST_INVITE_COOKIE, apiCookieOptions(config, reply))
}

export const lastInviteToken = (request: FastifyRequest) => request.cookies[LAST_INVITE_COOKIE]
