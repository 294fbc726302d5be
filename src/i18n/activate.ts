import { i18n } from '@lingui/core'
import { messages as enMessages } from '../../locales/en/messages.po'
import { messages as ruMessages } from '../../locales/ru/messages.po'
import type { Language } from '../../contract/ui-languages'

// Both catalogs are small, so they ship with the app instead of being fetched per language.
i18n.load({ en: enMessages, ru: ruMessages })

/** Switches the whole app to a language and tells assistive technology which one it is. */
export function activateLanguage(language: Language) {
  if (i18n.locale !== language) i18n.activate(language)
  document.documentElement.lang = language
}

export { i18n }
