import { isLanguage } from '../../contract/ui-languages'

/** A page's path without its query, its language prefix and a trailing slash: `/en/signin/?x` → `/signin`. */
export function unprefixedPath(url: string): string {
  const segments = url.split(/[?#]/)[0]!.split('/')
  const rest = isLanguage(segments[1]) ? `/${segments.slice(2).join('/')}` : segments.join('/')
  return rest.length > 1 ? rest.replace(/\/$/, '') : '/'
}
