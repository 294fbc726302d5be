import type { Language } from './ui-languages'

/** A language by its own name ("Deutsch (Österreich)"), as people look for their language in a list. */
export function ownName(language: Language): string {
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1)
}
