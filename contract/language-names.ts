import type { Language } from './ui-languages'

const ownNames = new Map<Language, string>()

/**
 * A language by its own name ("Deutsch (Österreich)"), as people look for their language in a list. Made once per
 * language: the language switch lists them all on every page, and each `Intl.DisplayNames` loads its locale's data.
 */
export function ownName(language: Language): string {
  let known = ownNames.get(language)
  if (known === undefined) {
    const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language
    known = name.charAt(0).toLocaleUpperCase(language) + name.slice(1)
    ownNames.set(language, known)
  }
  return known
}
