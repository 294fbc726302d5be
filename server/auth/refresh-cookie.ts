import type { FastifyReply } from 'fastify'
import type { Config } from '../config'
import { REFRESH_COOKIE_NAME } from '../constants'
import { apiCookieOptions } from '../embedding/frame-cookies'

type CookieConfig = Pick<Config, 'PUBLIC_ORIGIN' | 'REFRESH_TOKEN_TTL_SEC' | 'EMBED_PARENT_ORIGINS'>

/** The refresh token also travels as an HttpOnly cookie, so that browser scripts never need to store it. */
export function setRefreshCookie(reply: FastifyReply, config: CookieConfig, token: string): void {
  reply.setCookie(REFRESH_COOKIE_NAME, token, {
    ...apiCookieOptions(config, reply),
    maxAge: config.REFRESH_TOKEN_TTL_SEC,
  })
}

export function clearRefreshCookie(reply: FastifyReply, config: CookieConfig): void {
  reply.clearCookie(REFRESH_COOKIE_NAME, apiCookieOptions(config, reply))
}
