/**
 * The numeric language ids (SPEC.md section 3: about 30 ids, Russian 1, English 2, up to Portuguese 35), by
 * ISO 639-1 code. Shared: the server names a country's language with them and checks translations against them.
 */
export const LANGUAGE_IDS: Readonly<Record<string, number>> = {
  ru: 1,
  en: 2,
  uk: 3,
  kk: 4,
  be: 5,
  uz: 6,
  ky: 7,
  tg: 8,
  hy: 9,
  az: 10,
  ka: 11,
  ro: 12,
  lv: 13,
  lt: 14,
  et: 15,
  de: 16,
  fr: 17,
  es: 18,
  it: 19,
  pl: 20,
  cs: 21,
  tr: 22,
  he: 23,
  ar: 24,
  zh: 25,
  ja: 26,
  ko: 27,
  vi: 28,
  th: 29,
  fi: 30,
  sv: 31,
  nl: 32,
  bg: 33,
  el: 34,
  pt: 35,
}

export const RUSSIAN_LANGUAGE_ID = 1
export const ENGLISH_LANGUAGE_ID = 2

/** Whether a number is one of the language ids above. */
export const isLanguageId = (id: number): boolean => Object.values(LANGUAGE_IDS).includes(id)
