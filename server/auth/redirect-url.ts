/**
 * Returns the url only when it is a path on this site. '//host' and '/\host' are protocol-relative in browsers
 * and would send the user elsewhere after sign-in (an open redirect), so they are refused like absolute URLs.
 */
export function safeRedirectUrl(url: string | undefined): string | null {
  if (url === undefined) return null
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return null
  // Control characters (a tab or newline inside '/\t/evil') are dropped by browsers when parsing URLs.
  if ([...url].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null
  return url
}
