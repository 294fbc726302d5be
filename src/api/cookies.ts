import { runsInFrame } from './frame-context'

/** Minimal document.cookie access; every cookie the app writes has path '/' and the attributes below. */
export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length))
  }
  return null
}

/**
 * Standalone, cookies are first-party and SameSite=Lax. Inside the admin application's frame the app is
 * a third party, where browsers drop Lax cookies: there they are SameSite=None; Secure; Partitioned
 * (CHIPS), which needs a secure context (https, or http on localhost). docs/decisions.md, "Embedded mode".
 */
function placementAttributes(): string {
  if (runsInFrame() && window.isSecureContext) return '; SameSite=None; Secure; Partitioned'
  return `; SameSite=Lax${window.location.protocol === 'https:' ? '; Secure' : ''}`
}

export function writeCookie(name: string, value: string, options: { maxAgeSeconds?: number } = {}) {
  const maxAge = options.maxAgeSeconds === undefined ? '' : `; Max-Age=${Math.floor(options.maxAgeSeconds)}`
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Path=/${maxAge}${placementAttributes()}`
}

export function deleteCookie(name: string) {
  document.cookie = `${encodeURIComponent(name)}=; Path=/; Max-Age=0${placementAttributes()}`
}
