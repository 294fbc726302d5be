import type { Language } from './ui-languages'

const ownNames = new Map<Language, string>()

/**
 * Own names some browsers' language data lacks (Debian's Chromium names these five in English), as CLDR spells
 * them and as a list shows them, so that the switch drawn by the server and the app's own read the same. Georgian
 * stays in its lower case: its capitals (Mtavruli) are not used to begin a word.
 */
const NAMES_NOT_EVERYWHERE: Partial<Record<Language, string>> = {
  be: 'Беларуская',
  ky: 'Кыргызча',
  tg: 'Тоҷикӣ',
  hy: 'Հայերեն',
  ka: 'ქართული',
}

const nameInLanguageData = (language: Language) =>
  new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language

const capitalised = (name: string, language: Language) =>
  name.charAt(0).toLocaleUpperCase(language) + name.slice(1)

/**
 * A language by its own name ("Deutsch (Österreich)"), as people look for their language in a list. Made once per
 * language: the language switch lists them all on every page, and each `Intl.DisplayNames` loads its locale's data.
 */
export function ownName(language: Language): string {
  let known = ownNames.get(language)
  if (known === undefined) {
    known = NAMES_NOT_EVERYWHERE[language] ?? capitalised(nameInLanguageData(language), language)
    ownNames.set(language, known)
  }
  return known
}
