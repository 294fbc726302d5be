import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useState } from 'react'
import { ENGLISH_LANGUAGE_ID, RUSSIAN_LANGUAGE_ID } from '../../../contract/languages'
import type { Language } from '../../../contract/ui-languages'

/** A title in another language, as services and categories carry it (SPEC.md section 3). */
export interface Translation {
  language_id: number
  translation: string
}

/** A language a title can be translated into here: the product's own languages (docs/decisions.md). */
export interface TranslationLanguage {
  id: number
  code: Language
  /** The label of its field, "Title in English". */
  label: MessageDescriptor
}

const productLanguages: TranslationLanguage[] = [
  { id: RUSSIAN_LANGUAGE_ID, code: 'ru', label: msg`Title in Russian` },
  { id: ENGLISH_LANGUAGE_ID, code: 'en', label: msg`Title in English` },
]

/**
 * The languages a company's titles are translated into: the product's languages other than the company's main
 * one (its country's; Russian when the reply does not say), in which the titles themselves are written.
 */
export const translationLanguagesOf = (mainLanguageId: number | undefined): TranslationLanguage[] =>
  productLanguages.filter((language) => language.id !== (mainLanguageId ?? RUSSIAN_LANGUAGE_ID))

/** The translation into the user's interface language, if the item has one that says more than its title. */
export function translationFor(
  item: { title: string; translations: Translation[] },
  language: string,
): string | null {
  const id = productLanguages.find((known) => known.code === language)?.id
  const found = item.translations.find((translation) => translation.language_id === id)?.translation.trim()
  return found && found !== item.title.trim() ? found : null
}

/** The longest translation the server takes (contract/services/translations.ts). */
const MAX_TRANSLATION = 255

/**
 * The translation fields of a form: one text per language offered, filled from what is saved. `toSave` gives
 * the list to send: the saved translations into languages the form does not offer are kept as they are, an
 * empty field means no translation. A field longer than the server takes is a problem once the form is sent.
 */
export function useTranslationFields(saved: Translation[], languages: TranslationLanguage[]) {
  const textOf = (list: Translation[]) =>
    Object.fromEntries(
      languages.map((language) => [
        language.id,
        list.find((translation) => translation.language_id === language.id)?.translation ?? '',
      ]),
    ) as Record<number, string>
  const [texts, setTexts] = useState(() => textOf(saved))
  const [checked, setChecked] = useState(false)
  const problems: Record<number, MessageDescriptor> = {}
  for (const language of languages) {
    if ((texts[language.id] ?? '').trim().length > MAX_TRANSLATION)
      problems[language.id] = msg`A translation can be at most 255 characters long.`
  }
  const valid = Object.keys(problems).length === 0
  const offered = new Set(languages.map((language) => language.id))
  return {
    languages,
    texts,
    set: (languageId: number, text: string) => setTexts((previous) => ({ ...previous, [languageId]: text })),
    /** Fills the fields anew, as after a rename is cancelled and opened again. */
    reset: (list: Translation[]) => {
      setTexts(textOf(list))
      setChecked(false)
    },
    problems: checked ? problems : {},
    valid,
    check: () => {
      setChecked(true)
      return valid
    },
    toSave: (): Translation[] => [
      ...saved.filter((translation) => !offered.has(translation.language_id)),
      ...languages
        .map((language) => ({ language_id: language.id, translation: (texts[language.id] ?? '').trim() }))
        .filter((translation) => translation.translation !== ''),
    ],
  }
}

export type TranslationFieldsState = ReturnType<typeof useTranslationFields>
