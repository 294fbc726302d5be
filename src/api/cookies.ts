/** Minimal document.cookie access; every cookie the app writes is first-party, Lax and path '/'. */
export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length))
  }
  return null
}

export function writeCookie(name: string, value: string, options: { maxAgeSeconds?: number } = {}) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : ''
  const maxAge = options.maxAgeSeconds === undefined ? '' : `; Max-Age=${Math.floor(options.maxAgeSeconds)}`
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Path=/; SameSite=Lax${maxAge}${secure}`
}

export function deleteCookie(name: string) {
  document.cookie = `${encodeURIComponent(name)}=; Path=/; Max-Age=0; SameSite=Lax`
}
