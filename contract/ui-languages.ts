/**
 * The languages the app speaks: every language of the reference data (contract/languages.ts, SPEC.md section 3)
 * and the regional variants the locale bundles name. Each is a route prefix (`/de/signin`, `/pt-BR/signin`);
 * Russian, the default, has none (SPEC.md section 9). Dates, numbers, currencies and plural forms follow the
 * locale through Intl; the words come from the catalog of its language (`catalogOf`), English where a language
 * has none yet. Shared: the server answers a page's HTML in the language of its path.
 */
export const languages = [
  'ru',
  'en',
  'en-US',
  'en-GB',
  'uk',
  'kk',
  'be',
  'uz',
  'ky',
  'tg',
  'hy',
  'az',
  'ka',
  'ro',
  'ro-MD',
  'lv',
  'lt',
  'et',
  'de',
  'de-DE',
  'de-AT',
  'de-CH',
  'fr',
  'fr-FR',
  'fr-BE',
  'fr-CH',
  'fr-CA',
  'es',
  'es-ES',
  'es-MX',
  'es-AR',
  'es-CO',
  'it',
  'it-IT',
  'it-CH',
  'pl',
  'cs',
  'tr',
  'he',
  'ar',
  'ar-AE',
  'zh',
  'zh-CN',
  'zh-TW',
  'ja',
  'ko',
  'vi',
  'th',
  'fi',
  'sv',
  'nl',
  'nl-NL',
  'nl-BE',
  'bg',
  'el',
  'pt',
  'pt-BR',
  'pt-PT',
  'ru-KZ',
  'ru-UA',
] as const
/**
 * Lingui's pseudo-locale (lingui.config.ts `pseudoLocale`): every message of the English source with its letters
 * accented ("Šîĝñ îñ"), so that a text left out of translation stands out. `en-XA` is the id Chromium and
 * Android give their pseudo-locale, so Intl formats dates and numbers in it as in English. It is not listed in
 * the language switch, and only development and test servers open it (src/routes/language-route.tsx); the
 * pseudo-locale walk (test/e2e/pseudo-locale-walk.test.ts) goes through every screen in it.
 */
export const pseudoLanguage = 'en-XA' as const
export type PseudoLanguage = typeof pseudoLanguage
/** A language a route can be in: one the switch lists, or the pseudo-locale. */
export type Language = (typeof languages)[number] | PseudoLanguage
export const defaultLanguage: Language = 'ru'

/** The languages whose catalog translates every message (a test counts them; see locales/). */
export const catalogLanguages = [
  'ru',
  'en',
  'uk',
  'kk',
  'de',
  'es',
  'pt',
  'fr',
  'it',
  'pl',
  'tr',
  'lv',
] as const
export type CatalogLanguage = (typeof catalogLanguages)[number]

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (value === pseudoLanguage || (languages as readonly string[]).includes(value))

const isCatalogLanguage = (value: string): value is CatalogLanguage =>
  (catalogLanguages as readonly string[]).includes(value)

/** The catalog a language's words come from: its own, its base language's (`pt-BR` → `pt`), else English. */
export function catalogOf(language: Language): CatalogLanguage | PseudoLanguage {
  if (isCatalogLanguage(language) || language === pseudoLanguage) return language
  const base = language.split('-')[0]!
  return isCatalogLanguage(base) ? base : 'en'
}

/** Whether a language is shown in words of another language (English) for want of its own catalog. */
export const lacksCatalog = (language: Language) => catalogOf(language) === 'en' && !language.startsWith('en')

/** The language of a route's optional `{lang}` prefix; no prefix means the default. */
export const languageOf = (prefix: string | undefined): Language =>
  isLanguage(prefix) ? prefix : defaultLanguage

/**
 * The language the API is asked to write in (invitation e-mails, the city names of a reference): the server
 * speaks Russian and English, so any language other than Russian's gets English.
 */
export const apiLanguageOf = (language: string): 'ru' | 'en' =>
  language === 'ru' || language.startsWith('ru-') ? 'ru' : 'en'

/**
 * The header in which the app names the language of the page a request comes from (its URL's prefix): the
 * server writes its messages, field errors, e-mails and SMS in it, ahead of Accept-Language (docs/api.md).
 */
export const pageLanguageHeader = 'X-Language'

/** Builds an app path with the language prefix; the default language keeps paths short. */
export function localizedPath(language: Language, path: string): string {
  const normalized = path.startsWith('/') ? path : `/${path}`
  if (language === defaultLanguage) return normalized
  return normalized === '/' ? `/${language}` : `/${language}${normalized}`
}
