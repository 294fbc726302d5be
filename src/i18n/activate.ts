import { i18n, type Messages } from '@lingui/core'
import { messages as enMessages } from '../../locales/en/messages.po'
import { messages as ruMessages } from '../../locales/ru/messages.po'
import { catalogOf, type CatalogLanguage, type Language } from '../../contract/ui-languages'

/**
 * Russian and English ship with the app (the first screen is in one of them); every other catalog is a chunk of
 * its own, fetched when its language is first shown, so that adding a language adds nothing to the first screen.
 */
const bundled: Partial<Record<CatalogLanguage, Messages>> = { ru: ruMessages, en: enMessages }
const lazyCatalogs: Record<Exclude<CatalogLanguage, 'ru' | 'en'>, () => Promise<{ messages: Messages }>> = {
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

export { i18n }
