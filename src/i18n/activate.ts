import { i18n, type I18n, type Messages } from '@lingui/core'
import { messages as enMessages } from '../../locales/en/messages.po'
import { messages as ruMessages } from '../../locales/ru/messages.po'
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
 * Russian and English ship with the app (the first screen is in one of them); every other catalog is a chunk of
 * its own, fetched when its language is first shown, so that adding a language adds nothing to the first screen.
 */
const bundled: Partial<Record<CatalogLanguage | PseudoLanguage, Messages>> = {
  ru: ruMessages,
  en: enMessages,
}
const lazyCatalogs: Record<
  Exclude<CatalogLanguage, 'ru' | 'en'> | PseudoLanguage,
  () => Promise<{ messages: Messages }>
> = {
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
const loaded = new Set<Language>()

/** Fetches the catalog of a language once; a language without one of its own speaks English. */
export async function loadCatalog(language: Language): Promise<void> {
  if (loaded.has(language)) return
  const catalog = catalogOf(language)
  const messages = bundled[catalog] ?? (await lazyCatalogs[catalog as keyof typeof lazyCatalogs]()).messages
  i18n.load(language, messages)
  loaded.add(language)
}

/**
 * Switches the whole app to a language and tells assistive technology which one it is. Until its catalog has
 * arrived (loadCatalog), a language shows the English words, never message ids.
 */
export function activateLanguage(language: Language) {
  if (!loaded.has(language)) {
    const catalog = bundled[catalogOf(language)]
    i18n.load(language, catalog ?? enMessages)
    if (catalog) loaded.add(language)
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
