import { ownName } from '../../contract/language-names'
import { pageTitle } from '../../contract/page-title'
import { telHref } from '../../contract/support-phone'
import { languages } from '../../contract/ui-languages'
import type { AppWords } from '../i18n/app-words'
import { escapeHtml } from './first-paint'

/**
 * Pieces of the public screens as the server draws them before the app's scripts run (server/http/first-paint.ts):
 * the same elements, classes and words as the app's components (src/ui), so that the app's first render replaces
 * them without a visible change. test/e2e/drawn-first-screens.test.ts compares both, word by word and box by box.
 */

/**
 * A message of the app's catalog as HTML: its text escaped, `{name}` replaced by `values.name` (escaped), and
 * each `<N>…</N>` of Lingui's rich text wrapped by `elements[N]`, a function of the escaped inner text.
 */
export function appMarkup(
  words: AppWords,
  source: string,
  options: { values?: Record<string, string>; elements?: ((inner: string) => string)[] } = {},
): string {
  const tagged = escapeHtml(words.word(source)).replace(
    /&lt;(\d+)&gt;(.*?)&lt;\/\1&gt;/g,
    (_, index: string, inner: string) => options.elements?.[Number(index)]?.(inner) ?? inner,
  )
  // Values go in last, so that nothing in a value can read as a tag.
  return tagged.replace(/\{(\w+)\}/g, (marker, name: string) => escapeHtml(options.values?.[name] ?? marker))
}

/** The tab title of a screen, as src/ui/page-title.ts sets it. */
export const drawnPageTitle = (words: AppWords, source: string) => pageTitle(words.word(source))

/** An app text without markers, escaped for HTML. */
export const appText = (words: AppWords, source: string) => escapeHtml(words.word(source))

/**
 * The language switch (src/ui/language-switcher.tsx) on the page's language, every language listed (a closed list
 * is as wide as its longest name). `inert` until the app replaces it: a choice made before the app runs would be
 * lost.
 */
export function drawnLanguageSwitcher(words: AppWords): string {
  const options = languages
    .map((each) => {
      const selected = each === words.language ? ' selected' : ''
      return `<option value="${each}" lang="${each}"${selected}>${escapeHtml(ownName(each))}</option>`
    })
    .join('')
  return `<div class="language-switcher" translate="no" inert><select aria-label="${appText(words, 'Language')}">${options}</select></div>`
}

/** The support footer of the public screens (src/ui/support-footer.tsx), with the number the build shows. */
export function drawnSupportFooter(words: AppWords): string {
  const phone = words.supportPhone
  const message = appMarkup(words, 'Need help? Call support: <0>{phone}</0>', {
    values: { phone },
    elements: [(inner) => `<a href="${escapeHtml(telHref(phone))}">${inner}</a>`],
  })
  return `<footer class="support-footer"><p>${message}</p></footer>`
}
