import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import PO from 'pofile'

/*
 * What makes a catalog incomplete: an English message it does not translate, a translation that loses one of
 * the message's placeholders ({name}, {0}), numbered tags (<0>…</0>) or plural and select variables, and an
 * obsolete entry (`lingui extract --clean` removes them). Lingui's own `failOnMissing` never fires here, since
 * every language falls back to English message by message, so `npm run build` runs this first
 * (vite.config.ts) and test/unit/language-catalogs.test.ts asks the same.
 */

interface Item {
  msgctxt?: string | undefined
  msgid: string
  msgstr: string[]
  obsolete: boolean
}

/**
 * Where each kind of catalog lives: the app's under `root` (locales/: the public screens' words and the signed-in
 * screens'), the server's beside its code.
 */
export const catalogFiles = {
  app: (language: string, root = 'locales') => resolve(root, language, 'messages.po'),
  workspace: (language: string, root = 'locales') => resolve(root, language, 'workspace.po'),
  server: (language: string) => resolve('server', 'i18n', 'catalogs', `${language}.po`),
}
export type CatalogKind = keyof typeof catalogFiles

export const readCatalog = (language: string, root = 'locales', kind: CatalogKind = 'app'): Item[] =>
  PO.parse(readFileSync(catalogFiles[kind](language, root), 'utf8')).items

const keyOf = (item: { msgctxt?: string | undefined; msgid: string }) =>
  `${item.msgctxt ?? ''}\u0004${item.msgid}`

function markers(text: string) {
  const plural = [...text.matchAll(/\{(\w+),\s*(plural|select|selectordinal)/g)].map((m) => `${m[1]}:${m[2]}`)
  const tags = [...text.matchAll(/<\/?\d+\/?>/g)].map((m) => m[0]).sort()
  const placeholders = new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))
  return { plural: plural.sort(), tags, placeholders }
}

export interface CatalogProblems {
  obsolete: string[]
  missing: string[]
  /** `message → translation` for each translation that changed a placeholder, a tag or a plural. */
  broken: string[]
}

/** The problems of one language's catalog against the English source (both as `lingui extract` writes them). */
export function catalogProblems(source: Item[], items: Item[]): CatalogProblems {
  const messages = source.filter((item) => !item.obsolete)
  const translated = new Map(
    items.filter((item) => !item.obsolete).map((item) => [keyOf(item), item.msgstr[0] ?? '']),
  )
  const missing = messages.filter((item) => !translated.get(keyOf(item))).map((item) => item.msgid)
  const broken: string[] = []
  for (const item of messages) {
    const translation = translated.get(keyOf(item))
    if (!translation) continue
    const from = markers(item.msgid)
    const to = markers(translation)
    const pluralVariables = new Set(to.plural.map((entry) => entry.split(':')[0]!))
    const lost = [...from.placeholders].filter(
      (name) => !to.placeholders.has(name) && !pluralVariables.has(name),
    )
    if (lost.length > 0 || from.tags.join() !== to.tags.join() || from.plural.join() !== to.plural.join())
      broken.push(`${item.msgid} → ${translation}`)
  }
  return { obsolete: items.filter((item) => item.obsolete).map((item) => item.msgid), missing, broken }
}

/**
 * The report of every complete language's catalog problems, empty when all are complete. The Vite build fails
 * on a non-empty one (vite.config.ts), so `npm run build`, `npm start`'s rebuild and the Docker image do.
 */
export function incompleteCatalogs(
  languages: readonly string[],
  root = 'locales',
  kinds: readonly CatalogKind[] = ['app', 'workspace', 'server'],
): string[] {
  const lines: string[] = []
  for (const catalogKind of kinds) {
    const source = readCatalog('en', root, catalogKind)
    for (const language of languages) lines.push(...languageReport(catalogKind, language, root, source))
  }
  return lines
}

function languageReport(catalogKind: CatalogKind, language: string, root: string, source: Item[]): string[] {
  const lines: string[] = []
  const file = {
    app: `locales/${language}/messages.po`,
    workspace: `locales/${language}/workspace.po`,
    server: `server/i18n/catalogs/${language}.po`,
  }[catalogKind]
  const problems = catalogProblems(source, readCatalog(language, root, catalogKind))
  for (const [kind, entries] of Object.entries(problems) as [string, string[]][])
    if (entries.length > 0) {
      lines.push(`${file}: ${entries.length} ${kind}`)
      lines.push(...entries.slice(0, 10).map((entry) => `  ${entry}`))
      if (entries.length > 10) lines.push(`  … and ${entries.length - 10} more`)
    }
  return lines
}
