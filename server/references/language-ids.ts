/**
 * The numeric language ids (SPEC.md section 3: about 30 ids, Russian 1, English 2, up to Portuguese 35).
 * A country's lang_id is the id of its most likely language when we have one, else English.
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
export const ENGLISH_LANGUAGE_ID = 2

/** The id of the language most likely spoken in a country (from the CLDR likely-subtags data in Intl). */
export function languageIdOfCountry(isoCode: string): number {
  try {
    const language = new Intl.Locale('und', { region: isoCode }).maximize().language
    return LANGUAGE_IDS[language] ?? ENGLISH_LANGUAGE_ID
  } catch {
    return ENGLISH_LANGUAGE_ID
  }
}
