import { createHash, randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config'
import { apiCookieOptions } from '../embedding/frame-cookies'

/** The HttpOnly cookie that authorises a device's step calls for its progress (docs/api.md, "Onboarding"). */
export const ONBOARDING_COOKIE = 'onboarding_token'
/** A registration left alone for longer than this starts over on that device. */
const COOKIE_MAX_AGE_SEC = 30 * 24 * 60 * 60

export const newOnboardingToken = () => randomBytes(32).toString('base64url')

/** Only the hash is stored, so a leaked table cannot be turned into working cookies. */
export const hashOnboardingToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** Inside the admin application's frame the cookie needs the frame's attributes, as the refresh cookie does. */
export function setOnboardingCookie(
  reply: FastifyReply,
  config: Pick<Config, 'PUBLIC_ORIGIN' | 'EMBED_PARENT_ORIGINS'>,
  token: string,
) {
  reply.setCookie(ONBOARDING_COOKIE, token, {
    ...apiCookieOptions(config, reply),
    maxAge: COOKIE_MAX_AGE_SEC,
  })
}

export function readOnboardingCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[ONBOARDING_COOKIE]
  return value && /^[\w-]{20,100}$/.test(value) ? value : undefined
}
