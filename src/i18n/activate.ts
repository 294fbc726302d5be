import { i18n, type I18n, type Messages } from '@lingui/core'
import { createMissingKeyCollector, type MissingKeyCollector } from './missing-keys'
import {
  catalogOf,
  isLanguage,
  lacksCatalog,
  type CatalogLanguage,
  type Language,
  type PseudoLanguage,
} from '../../contract/ui-languages'

type CatalogImport = () => Promise<{ messages: Messages }>

/**
 * Every catalog is a chunk of its own, fetched when its language is first shown: the first screen downloads and
 * evaluates only the words of its own language, and adding a language adds nothing to it. The server names the
 * catalog of the page's language in the HTML (a modulepreload link, see server/http/page-preloads.ts), so
 * fetching it costs no extra round trip. Each language has two: the public screens' words (`messages`, about a
 * tenth of the app's) and the signed-in screens' (`workspace`: the workspace and the /flows pages), which their
 * routes load (loadWorkspaceCatalog) before they render.
 */
const catalogImports = {
  public: import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po'),
  workspace: import.meta.glob<{ messages: Messages }>('../../locales/*/workspace.po'),
}
const catalogFiles = { public: 'messages', workspace: 'workspace' } as const
type Area = keyof typeof catalogImports

/**
 * The import of an area's catalog of a language; every language has both (the build checks their completeness:
 * scripts/i18n/catalog-check.ts).
 */
function catalogImport(area: Area, catalog: CatalogLanguage | PseudoLanguage): CatalogImport {
  const load = catalogImports[area][`../../locales/${catalog}/${catalogFiles[area]}.po`]
  if (!load) throw new Error(`No ${catalogFiles[area]} catalog for ${catalog}`)
  return load
}

/** The areas whose words the tab has needed so far: a language loaded later gets all of them. */
const neededAreas = new Set<Area>(['public'])
const fetched = new Map<string, Messages>()
const loaded = new Set<string>()

async function loadArea(language: Language, area: Area): Promise<void> {
  if (loaded.has(`${area} ${language}`)) return
  const catalog = catalogOf(language)
  const key = `${area} ${catalog}`
  let messages = fetched.get(key)
  if (!messages) {
    messages = (await catalogImport(area, catalog)()).messages
    fetched.set(key, messages)
  }
  // Lingui adds the messages to those the language already has.
  i18n.load(language, messages)
  loaded.add(`${area} ${language}`)
}

/**
 * Fetches the catalogs of a language once (the public one, and the workspace's once a signed-in screen has been
 * shown); a language without catalogs of its own speaks English. main.tsx awaits it before the first render and
 * the language route before it activates a language, so activateLanguage always finds the words already there.
 */
export async function loadCatalog(language: Language): Promise<void> {
  await Promise.all([...neededAreas].map((area) => loadArea(language, area)))
}

/** Fetches the signed-in screens' words of a language once; the routes of those screens await it before they render. */
export async function loadWorkspaceCatalog(language: Language): Promise<void> {
  neededAreas.add('workspace')
  await loadArea(language, 'workspace')
}

/** Whether every catalog a language needs so far has arrived. */
const hasAllWords = (language: Language) =>
  [...neededAreas].every((area) => loaded.has(`${area} ${language}`))

/**
 * Switches the whole app to a language and tells assistive technology which one it is. Until its catalogs have
 * arrived (loadCatalog), a language shows the English words if those have arrived, never message ids.
 */
export function activateLanguage(language: Language) {
  if (!hasAllWords(language)) {
    for (const area of neededAreas) {
      const messages = fetched.get(`${area} ${catalogOf(language)}`)
      i18n.load(language, messages ?? fetched.get(`${area} en`) ?? {})
      if (messages) loaded.add(`${area} ${language}`)
    }
  }
  if (i18n.locale !== language) i18n.activate(language)
  document.documentElement.lang = language
}

/**
 * The missing translation keys of this page load (SPEC.md sections 6 and 8): logged as errors in development;
 * sent to the server for a translator (src/business/shell/user-menu.tsx turns sending on).
 */
export const missingKeys = createMissingKeyCollector(
  import.meta.env.DEV
    ? { log: ({ language, key }) => console.error(`Missing translation in ${language}: ${key}`) }
    : {},
)

/**
 * Reports every message looked up without a translation in the active language: an id its catalog lacks (a new,
 * unextracted message), or any message of a language without a catalog (shown in English). Lingui's own
 * `missing` event sees only the first kind, as a language without a catalog is loaded with the English words;
 * so both lookups, `i18n._` and the `i18n.t` the React hooks bind, go through this.
 */
export function watchMissingKeys(target: I18n, collector: MissingKeyCollector) {
  const translate = target._.bind(target)
  const watched = ((id: string | { id: string }, ...rest: unknown[]) => {
    const key = typeof id === 'string' ? id : id.id
    const language = target.locale
    if (isLanguage(language) && (lacksCatalog(language) || target.messages[key] === undefined))
      collector.report(language, key)
    return (translate as (...args: unknown[]) => string)(id, ...rest)
  }) as I18n['_']
  target._ = watched
  target.t = watched
}
watchMissingKeys(i18n, missingKeys)

export { i18n }
