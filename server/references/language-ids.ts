import { ENGLISH_LANGUAGE_ID, LANGUAGE_IDS } from '../../contract/languages'

/**
 * The id of the language most likely spoken in a country (from the CLDR likely-subtags data in Intl), else
 * English: a country's lang_id.
 */
export function languageIdOfCountry(isoCode: string): number {
  try {
    const language = new Intl.Locale('und', { region: isoCode }).maximize().language
    return LANGUAGE_IDS[language] ?? ENGLISH_LANGUAGE_ID
  } catch {
    return ENGLISH_LANGUAGE_ID
  }
}
