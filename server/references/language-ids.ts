import { ENGLISH_LANGUAGE_ID, LANGUAGE_IDS } from '../../contract/languages'

/** Country code → language id: Intl's likely-subtags lookup is slow and its answer never changes. */
const byCountry = new Map<string, number>()

/**
 * The id of the language most likely spoken in a country (from the CLDR likely-subtags data in Intl), else
 * English: a country's lang_id.
 */
export function languageIdOfCountry(isoCode: string): number {
  let id = byCountry.get(isoCode)
  if (id === undefined) {
    id = likelyLanguageId(isoCode)
    // Country codes come from the reference data, a few hundred at most; anything else is not kept.
    if (byCountry.size < 1000) byCountry.set(isoCode, id)
  }
  return id
}

function likelyLanguageId(isoCode: string): number {
  try {
    const language = new Intl.Locale('und', { region: isoCode }).maximize().language
    return LANGUAGE_IDS[language] ?? ENGLISH_LANGUAGE_ID
  } catch {
    return ENGLISH_LANGUAGE_ID
  }
}
