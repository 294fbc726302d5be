import { join } from 'node:path'
import {
  catalogOf,
  lacksCatalog,
  pseudoLanguage,
  type CatalogLanguage,
  type Language,
} from '../../contract/ui-languages'
import { appWordsFile, type AppWordArea } from '../../contract/app-word-files'
import { SUPPORT_PHONE_FILE, supportPhoneOf } from '../../contract/support-phone'
import { parsePoCatalog } from './po-catalog'
import { readTextIfPresent } from '../read-if-present'

/** Where the build leaves a copy of the app's catalogs for the server (vite.config.ts, `app-words`). */
export const APP_WORDS_FOLDER = join('.vite', 'app-words')

/** The words of the app's screens in one language, with Lingui's markers left in (`<0>Register</0>`, `{phone}`). */
export interface AppWords {
  language: Language
  word: (source: string) => string
  /** The support phone the app's footer shows in this build. */
  supportPhone: string
}

/**
 * The app's words and support phone as the build being served writes them: the server draws a page before its
 * scripts run in exactly the words the app then shows (server/http/drawn-markup.ts). `appWordsOf(language, area)`
 * is undefined where the page is not to be drawn: the pseudo-locale (the app accents its words as it runs), a
 * language without a catalog of its own (the app adds a notice that it speaks English), or a build without the
 * copies. The workspace's words are its own catalog over the public screens' (the app loads both there). A text
 * the catalog lacks is its English source, as in the app. Each file is read once, on first use.
 */
export function appWordsReader(
  distDir: string,
): (language: Language, area?: AppWordArea) => AppWords | undefined {
  /** Each catalog copy as read, by file; null when this build has none. */
  const files = new Map<string, Record<string, string> | null>()
  const fileOf = (file: string) => {
    if (!files.has(file)) {
      // Not in this build: its pages are not drawn.
      const text = readTextIfPresent(join(distDir, APP_WORDS_FOLDER, file))
      files.set(file, text === undefined ? null : parsePoCatalog(text))
    }
    return files.get(file)!
  }
  /** The words of each language and area: the public screens' and, for the workspace, its own over them. */
  const areas = new Map<string, Record<string, string> | null>()
  const messagesOf = (catalog: CatalogLanguage, area: AppWordArea) => {
    const key = `${catalog} ${area}`
    if (!areas.has(key)) {
      const publicWords = fileOf(appWordsFile(catalog, 'messages'))
      const areaWords = area === 'messages' ? publicWords : fileOf(appWordsFile(catalog, area))
      areas.set(key, publicWords && areaWords ? { ...publicWords, ...areaWords } : null)
    }
    return areas.get(key)!
  }
  let supportPhone: string | undefined
  // Without the file (a build older than it), the default number.
  const supportPhoneOfBuild = () =>
    (supportPhone ??= supportPhoneOf(readTextIfPresent(join(distDir, APP_WORDS_FOLDER, SUPPORT_PHONE_FILE))))
  return (language, area = 'messages') => {
    const catalog = catalogOf(language)
    if (catalog === pseudoLanguage || lacksCatalog(language)) return undefined
    const messages = messagesOf(catalog, area)
    if (!messages) return undefined
    return { language, word: (source) => messages[source] ?? source, supportPhone: supportPhoneOfBuild() }
  }
}
