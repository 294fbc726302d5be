import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import PO from 'pofile'
import { describe, expect, it } from 'vitest'
import { catalogLanguages } from '../../contract/ui-languages'
import { parsePoCatalog } from '../../server/i18n/po-catalog'

/*
 * The languages said to have a catalog translate every message of the English source, keep each message's
 * placeholders ({name}, {0}), numbered tags (<0>…</0>) and plural or select variables, and hold no obsolete
 * entries (`lingui extract --clean` removes them). Twelve of them: the count is what the languages issue asks.
 */

/** The app's catalogs (locales/<lang>/messages.po) and the server's (server/i18n/catalogs/<lang>.po). */
const catalogFiles = {
  app: (language: string) => resolve('locales', language, 'messages.po'),
  server: (language: string) => resolve('server', 'i18n', 'catalogs', `${language}.po`),
}
type CatalogKind = keyof typeof catalogFiles
const keyOf = (item: { msgctxt?: string | undefined; msgid: string }) =>
  `${item.msgctxt ?? ''}\u0004${item.msgid}`

function markers(text: string) {
  const plural = [...text.matchAll(/\{(\w+),\s*(plural|select|selectordinal)/g)].map((m) => `${m[1]}:${m[2]}`)
  const tags = [...text.matchAll(/<\/?\d+\/?>/g)].map((m) => m[0]).sort()
  const placeholders = new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))
  return { plural: plural.sort(), tags, placeholders }
}

describe.each(Object.keys(catalogFiles) as CatalogKind[])('the %s translation catalogs', (kind) => {
  const catalog = (language: string) => PO.parse(readFileSync(catalogFiles[kind](language), 'utf8'))
  const source = catalog('en').items.filter((item) => !item.obsolete)

  it('are twelve complete languages', () => {
    expect(catalogLanguages).toHaveLength(12)
  })

  it.each(catalogLanguages.filter((language) => language !== 'en'))(
    '%s translates every message, with the same placeholders, tags and plurals',
    (language) => {
      const items = catalog(language).items
      expect(items.filter((item) => item.obsolete).map((item) => item.msgid)).toEqual([])
      const translated = new Map(items.map((item) => [keyOf(item), item.msgstr[0] ?? '']))
      const missing = source.filter((item) => !translated.get(keyOf(item))).map((item) => item.msgid)
      expect(missing, `untranslated in ${language}`).toEqual([])
      const broken: string[] = []
      for (const item of source) {
        const from = markers(item.msgid)
        const to = markers(translated.get(keyOf(item))!)
        const pluralVariables = new Set(to.plural.map((entry) => entry.split(':')[0]!))
        const lost = [...from.placeholders].filter(
          (name) => !to.placeholders.has(name) && !pluralVariables.has(name),
        )
        if (lost.length > 0 || from.tags.join() !== to.tags.join() || from.plural.join() !== to.plural.join())
          broken.push(`${item.msgid} → ${translated.get(keyOf(item))}`)
      }
      expect(broken, `placeholders, tags or plurals changed in ${language}`).toEqual([])
    },
  )
})

describe('the server reads its catalogs', () => {
  it.each(catalogLanguages)('%s as the PO library does', (language) => {
    const text = readFileSync(catalogFiles.server(language), 'utf8')
    const expected = Object.fromEntries(
      PO.parse(text)
        .items.filter((item) => !item.obsolete && !item.msgctxt && item.msgstr[0])
        .map((item) => [item.msgid, item.msgstr[0]]),
    )
    expect(parsePoCatalog(text)).toEqual(expected)
    expect(Object.keys(expected).length).toBeGreaterThan(40)
  })
})
