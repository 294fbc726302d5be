/**
 * The url when it is a path on this site, else null. Both sides check it: the server keeps only such paths as
 * the place to return to after sign-in, and the app follows only such paths, because it must never send a user
 * to another site. '//host' and '/\host' are protocol-relative in browsers, and control characters (a tab or a
 * newline inside '/\t/evil') are dropped by browsers while parsing, so each is refused like an absolute URL.
 */
export function sameSitePath(url: string | null | undefined): string | null {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\'))
    return null
  if ([...url].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null
  return url
}
