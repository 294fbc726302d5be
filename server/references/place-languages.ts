/**
 * The languages place names are kept in (the product's languages and those of its nearest markets). A name
 * missing in a language is shown in English.
 */
export const PLACE_LANGUAGES = [
  'en',
  'ru',
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
export type PlaceLanguage = (typeof PLACE_LANGUAGES)[number]

/** A place's names by language; English is always there. */
export type PlaceNames = { en: string } & Partial<Record<PlaceLanguage, string>>
