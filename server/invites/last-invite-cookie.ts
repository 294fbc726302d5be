import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config'

/** The invite this browser opened last, for the sign-in screen's banner; HttpOnly, only the API reads it. */
export const LAST_INVITE_COOKIE = 'last_invite'
const MAX_AGE_SEC = 7 * 24 * 60 * 60

const options = (config: Pick<Config, 'PUBLIC_ORIGIN'>) => ({
  httpOnly: true,
  secure: config.PUBLIC_ORIGIN.startsWith('https:'),
  sameSite: 'lax' as const,
  path: '/api',
})

export function rememberLastInvite(
  reply: FastifyReply,
  config: Pick<Config, 'PUBLIC_ORIGIN'>,
  token: string,
) {
  reply.setCookie(LAST_INVITE_COOKIE, token, { ...options(config), maxAge: MAX_AGE_SEC })
}

export function forgetLastInvite(reply: FastifyReply, config: Pick<Config, 'PUBLIC_ORIGIN'>) {
  reply.clearCookie(LAST_INVITE_COOKIE, options(config))
}

export const lastInviteToken = (request: FastifyRequest) => request.cookies[LAST_INVITE_COOKIE]
