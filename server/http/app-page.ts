import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { languageOf, languages, pseudoLanguage, type Language } from '../../contract/ui-languages'

export interface AppPageVariant {
  html: string
  /** A strong validator of this variant, so that a reload can be answered with 304. */
  etag: string
}

export interface AppPage {
  /** The page for a request URL: its `<html lang>` is the language of the path's prefix (none: the default). */
  forPath: (url: string) => AppPageVariant
}

const HTML_LANG = /(<html\b[^>]*?\slang=)(["'])[^"']*\2/i

/**
 * The built index.html, read once and kept in one variant per language. The client sets `lang` too, but only
 * once its scripts run: with the right value in the first bytes, screen readers, translation prompts and
 * crawlers know the language before any script arrives.
 */
export function loadAppPage(indexPath: string): AppPage {
  const source = readFileSync(indexPath, 'utf8')
  const variants = new Map<Language, AppPageVariant>(
    [...languages, pseudoLanguage].map((language): [Language, AppPageVariant] => {
      const html = HTML_LANG.test(source)
        ? source.replace(HTML_LANG, `$1"${language}"`)
        : source.replace(/<html\b/i, `<html lang="${language}"`)
      const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`
      return [language, { html, etag }]
    }),
  )
  return {
    forPath: (url) => variants.get(languageOf(url.split(/[?#]/)[0]!.split('/')[1]))!,
  }
}
