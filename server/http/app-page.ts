import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { isLanguage, languageOf, type Language } from '../../contract/ui-languages'
import { preloadLinks, routeGroupOf, type BuildManifest } from './page-preloads'
import { readTextIfPresent } from '../read-if-present'

export interface AppPageVariant {
  html: string
  /** A strong validator of this variant, so that a reload can be answered with 304. */
  etag: string
}

export interface AppPage {
  /** The page for a request URL: its `<html lang>` is the language of the path's prefix (none: the default). */
  forPath: (url: string) => AppPageVariant
  /**
   * The same page for content the server draws into it (server/http/first-paint.ts), with its style sheets
   * written in: the drawn content paints as soon as the page has arrived, without a round trip for them.
   */
  drawnForPath: (url: string) => AppPageVariant
}

/** The language of a page by its path's first segment (none, or not a language: the default). */
export const pageLanguageOf = (url: string): Language => languageOf(url.split(/[?#]/)[0]!.split('/')[1])

const HTML_LANG = /(<html\b[^>]*?\slang=)(["'])[^"']*\2/i
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g

/**
 * `html` with each of the build's style sheets written in as a `<style>` element, in the same place (the same
 * cascade). The policy allows inline styles (server/http/security-headers.ts); a sheet that could end its element
 * early, or that the build folder lacks, stays a link.
 */
function withStylesWrittenIn(html: string, distDir: string): string {
  return html.replace(STYLESHEET_LINK, (link, file: string) => {
    const css = readTextIfPresent(join(distDir, file))
    return css === undefined || /<\/style/i.test(css) ? link : `<style>${css}</style>`
  })
}

/**
 * The built index.html, read once and kept in one variant per language and route group, made when first asked
 * for. The client sets `lang` too, but only once its scripts run: with the right value in the first bytes,
 * screen readers, translation prompts and crawlers know the language before any script arrives. Each variant
 * also names the chunks its first screen imports at once (server/http/page-preloads.ts): the catalog of its
 * language and the screens of its route.
 */
export function loadAppPage(indexPath: string, manifest: BuildManifest = {}): AppPage {
  const source = readFileSync(indexPath, 'utf8')
  const variants = new Map<string, AppPageVariant>()
  const variantOf = (language: Language, routeGroup: number, drawn: boolean): AppPageVariant => {
    const key = `${language} ${routeGroup} ${drawn}`
    const known = variants.get(key)
    if (known) return known
    let html = HTML_LANG.test(source)
      ? source.replace(HTML_LANG, `$1"${language}"`)
      : source.replace(/<html\b/i, `<html lang="${language}"`)
    const links = preloadLinks(manifest, language, routeGroup, (file) => source.includes(`/${file}"`))
    if (links) html = html.replace(/(\s*)<\/head>/i, `$1  ${links}$1</head>`)
    if (drawn) html = withStylesWrittenIn(html, dirname(indexPath))
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`
    const variant = { html, etag }
    variants.set(key, variant)
    return variant
  }
  const variantFor = (url: string, drawn: boolean) => {
    const segments = url.split(/[?#]/)[0]!.split('/')
    const prefixed = isLanguage(segments[1])
    const rest = prefixed ? `/${segments.slice(2).join('/')}` : segments.join('/')
    return variantOf(languageOf(segments[1]), routeGroupOf(rest), drawn)
  }
  return { forPath: (url) => variantFor(url, false), drawnForPath: (url) => variantFor(url, true) }
}
