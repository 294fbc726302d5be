import * as v from 'valibot'

/**
 * The sites allowed to show a company's booking page in a frame: exact origins (scheme, host and port), as the
 * browser compares them in `frame-ancestors` and in `postMessage`. No wildcard, path, query or user name: a
 * pattern would let any subdomain (or any site on a shared host) frame the page and receive its messages.
 */

/** The most sites one company lists: a salon's own site, its old one, a landing page or two. */
export const MAX_FRAME_ORIGINS = 10

/** Whether `value` is exactly an http(s) origin as the browser writes it (`https://salon.example`, no slash). */
export function isExactOrigin(value: string): boolean {
  if (value.includes('*')) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value
  } catch {
    return false
  }
}

/**
 * What a user typed, as the origin it most likely means: spaces and one trailing slash dropped, the scheme and
 * host lower-cased (`HTTPS://Salon.Example/` → `https://salon.example`). Anything else is left as typed, so the
 * check above refuses it rather than guessing.
 */
export function originAsTyped(typed: string): string {
  const trimmed = typed.trim().replace(/\/$/, '')
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*$/i.exec(trimmed)
  return scheme ? trimmed.toLowerCase() : trimmed
}

export const frameOriginSchema = v.pipe(
  v.string(/*i18n*/ 'must be a site address'),
  v.maxLength(255, /*i18n*/ 'This is too long.'),
  v.check(
    isExactOrigin,
    /*i18n*/ 'must be a site address such as https://salon.example: scheme, host and port only, no path or *',
  ),
)

/** PUT /company/{id}/online_booking/frame_origins */
export const frameOriginsBodySchema = v.strictObject({
  origins: v.pipe(
    v.array(frameOriginSchema, /*i18n*/ 'must be a list of site addresses'),
    v.maxLength(MAX_FRAME_ORIGINS, /*i18n*/ 'lists too many sites'),
  ),
})
export type FrameOriginsBody = v.InferOutput<typeof frameOriginsBodySchema>

/** GET and PUT /company/{id}/online_booking/frame_origins: the list, without repeats, in the order given. */
export const frameOriginsSchema = v.object({ origins: v.array(v.string()) })
export type FrameOrigins = v.InferOutput<typeof frameOriginsSchema>
