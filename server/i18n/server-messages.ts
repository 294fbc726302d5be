import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setupI18n, type I18n } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { fieldTextSource } from '../../contract/field-text'
import { catalogOf, pseudoLanguage, type CatalogLanguage, type Language } from '../../contract/ui-languages'
import { SERVER_CATALOGS_DIR } from '../runtime-files'
import { parsePoCatalog } from './po-catalog'

/**
 * The server's words in the user's language. Every text the server writes for people (a reply's message, a field
 * message, an e-mail or SMS) is written in English in the code, marked for `lingui extract` with a leading
 * `/*i18n*\/` comment, and that English text is its key in the catalogs of server/i18n/catalogs/<lang>.po (a catalog of
 * the server's own, apart from the app's, so that the first screen's JavaScript does not carry it). Each catalog
 * language gets one Lingui instance, made on its first use; a text the catalog lacks stays English.
 */
const instances = new Map<CatalogLanguage, { i18n: I18n; known: Set<string> }>()

function instanceOf(language: CatalogLanguage) {
  let instance = instances.get(language)
  if (!instance) {
    const messages = parsePoCatalog(readFileSync(join(SERVER_CATALOGS_DIR, `${language}.po`), 'utf8'))
    const i18n = setupI18n({ locale: language, messages: { [language]: messages } })
    // Catalogs are read as written, not compiled at build time: the compiler turns `{name}` into a placeholder.
    i18n.setMessagesCompiler(compileMessage)
    instance = { i18n, known: new Set(Object.keys(messages)) }
    instances.set(language, instance)
  }
  return instance
}

/** Placeholder values of a message: `{max}` in the text takes `values.max`. */
export type MessageValues = Record<string, string | number>

/**
 * A server text in a language: its translation with the values put in; the English text itself when the language's
 * catalog lacks it (a text nobody marked, or the English catalog). A field message that fieldText wrote out with
 * values is translated from the text and values it was written from. Never throws, whatever the text holds.
 */
export function translate(language: Language, text: string, values?: MessageValues): string {
  // The pseudo-locale accents the app's words only: the server answers it in English.
  const catalog = catalogOf(language)
  const { i18n, known } = instanceOf(catalog === pseudoLanguage ? 'en' : catalog)
  if (known.has(text)) return i18n._(text, values)
  // A field message written with values (contract/field-text.ts) is its English text filled in.
  const source = values === undefined ? fieldTextSource(text) : undefined
  if (source) return translate(language, source.text, source.values)
  const english = instanceOf('en')
  return english.known.has(text) ? english.i18n._(text, values) : text
}

/** A text and its values, to be written once the language of its reader is known. */
export interface ServerText {
  text: string
  values?: MessageValues
}
