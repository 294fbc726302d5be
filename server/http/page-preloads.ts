import { existsSync, readFileSync } from 'node:fs'
import { catalogOf, type Language } from '../../contract/ui-languages'

/** One chunk of Vite's build manifest (`dist/.vite/manifest.json`), keyed there by its source module. */
interface ManifestChunk {
  file: string
  name?: string
  imports?: string[]
  css?: string[]
}
export type BuildManifest = Record<string, ManifestChunk>

/**
 * The screens a route loads lazily, by the source module the client router imports (src/routes/*), for the pages
 * a visitor most often opens first. Their chunks are named in the page's HTML, so that the browser fetches them
 * with the entry instead of after it has run: one round trip less on a slow phone. A module missing from the
 * manifest (renamed) is left out; the page still works, it only loses the head start.
 */
const routeModules: { path: RegExp; modules: string[]; workspaceWords?: true }[] = [
  {
    path: /^\/onboarding\//,
    modules: ['src/flows/onboarding/onboarding-flow.tsx', 'src/flows/onboarding/onboarding-step.tsx'],
  },
  { path: /^\/b2c\/\d+\/?$/, modules: ['src/flows/online-booking/online-booking-screen.tsx'] },
  // The sign-in's own steps (the sign-in screen itself is in the entry: it is the page opened most often).
  { path: /^\/signin\/reset(?:\/|$)/, modules: ['src/flows/reset/reset-password-screen.tsx'] },
  { path: /^\/signin\/2fa\/?$/, modules: ['src/flows/twofa/two-factor-screen.tsx'] },
  { path: /^\/invite(?:\/[^/]+)?\/?$/, modules: ['src/flows/invite/invite-screen.tsx'] },
  {
    path: /^\/company\/\d+\/services\/?$/,
    modules: [
      'src/business/shell/company-workspace.tsx',
      'src/business/services/services-screen.tsx',
      // What the workspace's routes fetch before they render (the API modules and their schemas).
      'src/routes/company-route-data.ts',
    ],
    // The workspace's words, which its routes load before they render (src/i18n/activate.ts).
    workspaceWords: true,
  },
  // Any other workspace page: its frame, what its route fetches and its words (the screen is the route's own).
  {
    path: /^\/company\/\d+(?:\/|$)/,
    modules: ['src/business/shell/company-workspace.tsx', 'src/routes/company-route-data.ts'],
    workspaceWords: true,
  },
]

/**
 * The catalog of a language's public screens or signed-in screens, by its source module (src/i18n/activate.ts
 * imports both lazily).
 */
const catalogModule = (language: Language, file: 'messages' | 'workspace' = 'messages') =>
  `locales/${catalogOf(language)}/${file}.po`

export function readBuildManifest(path: string): BuildManifest {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as BuildManifest) : {}
}

/**
 * The manifest's keys of a source module's chunk: the module itself, or, when Rolldown has merged the module into
 * a chunk shared with other screens, the chunk named after it (`_services-screen-abc.js`, name `services-screen`).
 */
function chunksOf(manifest: BuildManifest, module: string): string[] {
  if (manifest[module]) return [module]
  const name = module.replace(/^.*\//, '').replace(/\.\w+$/, '')
  return Object.keys(manifest).filter((key) => key.startsWith('_') && manifest[key]!.name === name)
}

/** The files (`assets/...`) a chunk needs: its own, the chunks it imports, and their style sheets. */
function filesOf(manifest: BuildManifest, key: string, into: { scripts: Set<string>; styles: Set<string> }) {
  const chunk = manifest[key]
  if (!chunk || into.scripts.has(chunk.file)) return
  if (chunk.file.endsWith('.js')) into.scripts.add(chunk.file)
  for (const style of chunk.css ?? []) into.styles.add(style)
  for (const imported of chunk.imports ?? []) filesOf(manifest, imported, into)
}

/** Which route group a path (without its language prefix) belongs to: an index into the table, or -1. */
export function routeGroupOf(path: string): number {
  return routeModules.findIndex((route) => route.path.test(path))
}

/**
 * The `<link>` tags that let the browser fetch, alongside the entry, what the page of `language` at a path of
 * `routeGroup` will import at once: the language's catalog and the route's screens. Files the page already names
 * (`present`) are left out.
 */
export function preloadLinks(
  manifest: BuildManifest,
  language: Language,
  routeGroup: number,
  present: (file: string) => boolean,
): string {
  const into = { scripts: new Set<string>(), styles: new Set<string>() }
  filesOf(manifest, catalogModule(language), into)
  if (routeModules[routeGroup]?.workspaceWords) filesOf(manifest, catalogModule(language, 'workspace'), into)
  for (const module of routeModules[routeGroup]?.modules ?? [])
    for (const key of chunksOf(manifest, module)) filesOf(manifest, key, into)
  const scripts = [...into.scripts].filter((file) => !present(file))
  const styles = [...into.styles].filter((file) => !present(file))
  return [
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ].join('\n    ')
}
