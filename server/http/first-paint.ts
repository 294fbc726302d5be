import { createHash } from 'node:crypto'
import type { AppPageVariant } from './app-page'

/**
 * What the server can draw of a page before any script has run: markup for the app's root element (the same
 * elements, classes and words the client's first render makes, so that the client's render replaces it without
 * a visible change) and the data that render needs, keyed by what the client calls it (src/app/page-data.ts).
 * A page with a first paint carries its style sheets written in (server/http/app-page.ts) and shows its content
 * as soon as the HTML has arrived; its scripts are fetched at low priority meanwhile.
 */
export interface FirstPaint {
  /**
   * HTML for inside `<div id="root">`, every text in it escaped (escapeHtml). None when only the data is written:
   * the page then shows nothing before its scripts, which keep their usual priority.
   */
  markup?: string
  /**
   * Data for the client's first render, as JSON; the client checks it with the same schemas as a reply. None when
   * the screen needs no data (a form).
   */
  data?: Record<string, unknown>
  /**
   * The data holds what only this visitor may read (API replies for their token): the page is then stored by no
   * cache, like those replies (server/api-routes.ts).
   */
  personal?: true
  /** The tab's title and the page's description as the screen sets them (plain text), for a screen that has its own. */
  title?: string
  description?: string
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** A text as HTML: safe inside an element and inside a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!)
}

/**
 * JSON that can stand inside `<script type="application/json">`: `<` is written as `\u003c`, so that no
 * `</script>` or `<!--` in a salon's texts can end the element; the line separators JavaScript once refused too.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

const ROOT = /<div id="root"><\/div>/
const TITLE = /<title>[^<]*<\/title>/
const DESCRIPTION = /(<meta\s+name="description"\s+content=")[^"]*(")/
const MODULE_SCRIPT = /<script type="module" crossorigin/g
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin/g

/** The page variant with the first paint put in: the markup in the root, the data before `</body>`. */
export function withFirstPaint(variant: AppPageVariant, paint: FirstPaint): AppPageVariant {
  const { markup, title, description } = paint
  let html =
    markup === undefined ? variant.html : variant.html.replace(ROOT, () => `<div id="root">${markup}</div>`)
  if (title !== undefined) html = html.replace(TITLE, () => `<title>${escapeHtml(title)}</title>`)
  if (description !== undefined)
    html = html.replace(
      DESCRIPTION,
      (_, start: string, end: string) => `${start}${escapeHtml(description)}${end}`,
    )
  const { data } = paint
  if (data)
    html = html.replace(
      /(\s*)<\/body>/i,
      (_, space: string) =>
        `${space}  <script type="application/json" id="page-data">${scriptSafeJson(data)}</script>${space}</body>`,
    )
  // The content is on the screen without them.
  if (markup !== undefined)
    html = html
      .replace(MODULE_SCRIPT, '<script type="module" fetchpriority="low" crossorigin')
      .replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low" crossorigin')
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`
  return { html, etag }
}
