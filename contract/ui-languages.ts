/**
 * The languages the app's screens are translated into (complete catalogs). Russian is the default (SPEC.md
 * section 9). Shared: the server answers a page's HTML in the language of its path.
 */
export const languages = ['ru', 'en'] as const
export type Language = (typeof languages)[number]
export const defaultLanguage: Language = 'ru'

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value)

/** The language of a route's optional `{lang}` prefix; no prefix means the default. */
export const languageOf = (prefix: string | undefined): Language =>
  isLanguage(prefix) ? prefix : defaultLanguage

/** Builds an app path with the language prefix; the default language keeps paths short. */
export function localizedPath(language: Language, path: string): string {
  const normalized = path.startsWith('/') ? path : `/${path}`
  if (language === defaultLanguage) return normalized
  return normalized === '/' ? `/${language}` : `/${language}${normalized}`
}
