import type { IncomingHttpHeaders } from 'node:http'
import type { FastifyReply } from 'fastify'
import type { Config } from '../config'

/** The header the app sends with every call it makes from inside a frame (src/api/frame-context.ts). */
export const EMBEDDED_FRAME_HEADER = 'x-embedded-frame'

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Browsers accept `Secure` cookies from https origins and, Chromium at least, from http on loopback:
 * those are the origins where a frame can keep cookies at all.
 */
function canSetSecureCookies(publicOrigin: string): boolean {
  const url = new URL(publicOrigin)
  return url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname))
}

/**
 * Cookie attributes for a call made from inside the admin application's frame. There the app is a
 * third party: the browser neither sends nor stores SameSite=Lax cookies, so the cookie must be
 * SameSite=None and therefore Secure; Partitioned (CHIPS) keeps it in a jar of its own per parent site,
 * which browsers that block third-party cookies still allow. Outside a frame, when embedding is not
 * configured, or over plain http on a real host (where no Secure cookie can be set) the answer is
 * null and the caller keeps its SameSite=Lax cookie.
 */
export function frameCookieAttributes(
  config: Pick<Config, 'EMBED_PARENT_ORIGINS' | 'PUBLIC_ORIGIN'>,
  headers: IncomingHttpHeaders,
): { sameSite: 'none'; secure: true; partitioned: true } | null {
  if (headers[EMBEDDED_FRAME_HEADER] !== '1') return null
  if (config.EMBED_PARENT_ORIGINS.length === 0 || !canSetSecureCookies(config.PUBLIC_ORIGIN)) return null
  return { sameSite: 'none', secure: true, partitioned: true }
}

/**
 * The attributes of every HttpOnly cookie the API sets for itself: path /api keeps it off page loads and
 * SameSite=Lax keeps it off cross-site POSTs. Inside the admin application's frame a Lax cookie would never be
 * stored, so there the frame's attributes above replace them. Callers add their own maxAge.
 */
export function apiCookieOptions(
  config: Pick<Config, 'EMBED_PARENT_ORIGINS' | 'PUBLIC_ORIGIN'>,
  reply: FastifyReply,
) {
  const standalone = {
    httpOnly: true,
    secure: config.PUBLIC_ORIGIN.startsWith('https:'),
    sameSite: 'lax' as 'lax' | 'none',
    path: '/api',
  }
  const framed = frameCookieAttributes(config, reply.request.headers)
  return framed ? { ...standalone, ...framed } : standalone
}
