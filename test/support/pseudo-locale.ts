import type { Page } from 'playwright-core'
import pseudolocale from 'pseudolocale'

/**
 * What the pseudo-locale (lingui.config.ts `pseudoLocale`) makes of an English message, with the options Lingui
 * compiles it with (@lingui/cli's pseudoLocalize, which is not exported): the journeys find controls by it.
 */
export const pseudo = (english: string) => pseudolocale(english, { prepend: '', append: '' })

/**
 * A text a person sees that is not pseudo-localized: a word of two or more plain Latin letters, of which one at
 * least is a letter the pseudo-locale accents (it leaves v and x as they are).
 */
export const escapedWords = (text: string): string[] =>
  [...text.matchAll(/[\p{L}\p{M}]+/gu)]
    .map((match) => match[0])
    .filter((word) => /^[A-Za-z]{2,}$/.test(word) && /[a-uwyzA-UWYZ]/.test(word))

/**
 * The words that may stay as they are in the pseudo-locale, each for a reason of its own; data the page shows
 * from the server (names, titles, e-mails) is left aside apart from this list, by the strings the API answered.
 */
export const allowedWords = new Set([
  // The month and weekday names Intl writes in dates: the pseudo-locale formats as English (en-XA).
  ...Array.from({ length: 12 }, (_, month) =>
    ['long', 'short'].map((format) =>
      new Intl.DateTimeFormat('en', { month: format as 'long' | 'short' }).format(new Date(2024, month, 15)),
    ),
  ).flat(),
  ...Array.from({ length: 7 }, (_, day) =>
    ['long', 'short'].map((format) =>
      new Intl.DateTimeFormat('en', { weekday: format as 'long' | 'short' }).format(
        new Date(2024, 0, day + 1),
      ),
    ),
  ).flat(),
  'AM',
  'PM',
  // The product's name, after the page's own in the document title ("Sign in · Salon").
  'Salon',
  // Browser and system names of a device ("Chrome on Linux", src/business/account/device-name.ts): brands.
  'Chrome',
  'Linux',
])

/** A time zone's IANA id ("Europe/Moscow"), as the profile's time zone list names it: a code, not words. */
const timeZoneId = /^[A-Z][A-Za-z_-]+(\/[A-Z][A-Za-z_ +-]+)+$/

export interface EscapedText {
  text: string
  words: string[]
  where: string
}

/**
 * Every text of the page a person can see or hear (text nodes of visible elements, placeholders, accessible
 * labels and titles) that has a word the pseudo-locale did not touch, less the server's data and allowed words.
 * Elements marked `translate="no"` (the language switch, which names each language in its own words) are left
 * out, as the HTML attribute means, and so is what is hidden from everyone (`aria-hidden`: the bots' honeypot).
 */
export async function escapedTexts(page: Page, serverStrings: ReadonlySet<string>): Promise<EscapedText[]> {
  const texts = await page.evaluate(() => {
    const found: { text: string; where: string }[] = []
    const describe = (element: Element) => {
      const parts: string[] = []
      for (let node: Element | null = element; node && parts.length < 4; node = node.parentElement) {
        parts.unshift(
          node.tagName.toLowerCase() +
            (node.className && typeof node.className === 'string' ? `.${node.className.split(' ')[0]}` : ''),
        )
      }
      return parts.join(' > ')
    }
    const shown = (element: Element) =>
      !element.closest('[translate="no"], [aria-hidden="true"], script, style, noscript, template') &&
      (element.tagName === 'OPTION' ||
        element.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      const text = node.textContent?.trim() ?? ''
      if (parent && text && shown(parent)) found.push({ text, where: describe(parent) })
    }
    for (const element of document.body.querySelectorAll('[placeholder], [aria-label], [title], [alt]')) {
      if (!shown(element)) continue
      for (const name of ['placeholder', 'aria-label', 'title', 'alt']) {
        const text = element.getAttribute(name)?.trim()
        if (text) found.push({ text, where: `${describe(element)}[${name}]` })
      }
    }
    found.push({ text: document.title, where: 'title' })
    return found
  })
  const escaped: EscapedText[] = []
  for (const { text, where } of texts) {
    if (timeZoneId.test(text)) continue
    let rest = text
    // The server's data is shown as it is stored: the longest strings first, so a name inside a title goes whole.
    for (const data of [...serverStrings].sort((a, b) => b.length - a.length))
      if (data.length > 1 && rest.includes(data)) rest = rest.split(data).join(' ')
    rest = rest.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ').replace(/https?:\/\/\S+/g, ' ')
    const words = escapedWords(rest).filter((word) => !allowedWords.has(word))
    if (words.length > 0) escaped.push({ text, words, where })
  }
  return escaped
}

/** Collects every string of the API's JSON answers a page receives, and of the data a page the server drew carries: what it may show untranslated. */
export function collectServerStrings(page: Page): Set<string> {
  const strings = new Set<string>()
  const collect = (value: unknown): void => {
    if (typeof value === 'string') strings.add(value.trim())
    else if (Array.isArray(value)) value.forEach(collect)
    else if (value && typeof value === 'object') Object.values(value).forEach(collect)
  }
  page.on('response', (response) => {
    // A page the server drew carries its data too (server/http/first-paint.ts), instead of an API reply.
    if (response.request().resourceType() === 'document') {
      response.text().then(
        (html) => {
          const written = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1]
          if (written) collect(JSON.parse(written))
        },
        () => undefined,
      )
      return
    }
    if (!new URL(response.url()).pathname.startsWith('/api/')) return
    if (!(response.headers()['content-type'] ?? '').includes('json')) return
    response.json().then(
      (body: unknown) => collect(body),
      () => undefined,
    )
  })
  return strings
}
