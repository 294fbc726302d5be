import { i18n, type I18n, type Messages } from '@lingui/core'
import { createMissingKeyCollector, type MissingKeyCollector } from './missing-keys'
import {
  catalogOf,
  isLanguage,
  lacksCatalog,
  type CatalogLanguage,
  type Language,
  type PseudoLanguage,
} from '../../contract/ui-languages'

/**
 * Every catalog is a chunk of its own, fetched when its language is first shown: the first screen downloads and
 * evaluates only the words of its own language (about 120 kB of script each), and adding a language adds nothing
 * to it. The server names the catalog of the page's language in the HTML (a modulepreload link, see
 * server/http/app-page.ts), so fetching it costs no extra round trip.
 */
const catalogs: Record<CatalogLanguage | PseudoLanguage, () => Promise<{ messages: Messages }>> = {
  ru: () => import('../../locales/ru/messages.po'),
  en: () => import('../../locales/en/messages.po'),
  uk: () => import('../../locales/uk/messages.po'),
  kk: () => import('../../locales/kk/messages.po'),
  de: () => import('../../locales/de/messages.po'),
  es: () => import('../../locales/es/messages.po'),
  pt: () => import('../../locales/pt/messages.po'),
  fr: () => import('../../locales/fr/messages.po'),
  it: () => import('../../locales/it/messages.po'),
  pl: () => import('../../locales/pl/messages.po'),
  tr: () => import('../../locales/tr/messages.po'),
  lv: () => import('../../locales/lv/messages.po'),
  'en-XA': () => import('../../locales/en-XA/messages.po'),
}
const fetched = new Map<CatalogLanguage | PseudoLanguage, Messages>()
const loaded = new Set<Language>()

/**
 * Fetches the catalog of a language once; a language without one of its own speaks English. main.tsx awaits it
 * before the first render and the language route before it activates a language, so activateLanguage always
 * finds the words already there.
 */
export async function loadCatalog(language: Language): Promise<void> {
  if (loaded.has(language)) return
  const catalog = catalogOf(language)
  let messages = fetched.get(catalog)
  if (!messages) {
    messages = (await catalogs[catalog]()).messages
    fetched.set(catalog, messages)
  }
  i18n.load(language, messages)
  loaded.add(language)
}

/**
 * Switches the whole app to a language and tells assistive technology which one it is. Until its catalog has
 * arrived (loadCatalog), a language shows the English words if those have arrived, never message ids.
 */
export function activateLanguage(language: Language) {
  if (!loaded.has(language)) {
    const messages = fetched.get(catalogOf(language))
    i18n.load(language, messages ?? fetched.get('en') ?? {})
    if (messages) loaded.add(language)
  }
  if (i18n.locale !== language) i18n.activate(language)
  document.documentElement.lang = language
}

/**
 * The missing translation keys of this page load (SPEC.md sections 6 and 8): logged as errors in development;
 * sent to the server for a translator (src/business/shell/user-menu.tsx turns sending on).
 */
export const missingKeys = createMissingKeyCollector(
  import.meta.env.DEV
    ? { log: ({ language, key }) => console.error(`Missing translation in ${language}: ${key}`) }
    : {},
)

/**
 * Reports every message looked up without a translation in the active language: an id its catalog lacks (a new,
 * unextracted message), or any message of a language without a catalog (shown in English). Lingui's own
 * `missing` event sees only the first kind, as a language without a catalog is loaded with the English words;
 * so both lookups, `i18n._` and the `i18n.t` the React hooks bind, go through this.
 */
export function watchMissingKeys(target: I18n, collector: MissingKeyCollector) {
  const translate = target._.bind(target)
  const watched = ((id: string | { id: string }, ...rest: unknown[]) => {
    const key = typeof id === 'string' ? id : id.id
    const language = target.locale
    if (isLanguage(language) && (lacksCatalog(language) || target.messages[key] === undefined))
      collector.report(language, key)
    return (translate as (...args: unknown[]) => string)(id, ...rest)
  }) as I18n['_']
  target._ = watched
  target.t = watched
}
watchMissingKeys(i18n, missingKeys)

export { i18n }
