/**
 * The screenshots beside the states (docs/flows/screens/): the browser-level model suites take one of each
 * screen state when a path reaches it (`npm run docs:flow-screens`), in each language and width below. The names
 * are shared by the capture (test/support), the staleness check, the Markdown pages and the /flows panel.
 */
export const flowScreensFolder = 'docs/flows/screens'

/** The manifest in each machine's folder: the graph its screenshots were taken from (one per machine, so suites
 * running side by side never write the same file). */
export const flowScreensManifestName = 'manifest.json'

/** The languages the screens are taken in, the app's two bundled ones. */
export const flowScreenLanguages = ['en', 'ru'] as const

/** The widths the screens are taken at: a desktop window and a phone. */
export const flowScreenWidths = [1280, 390] as const
export type FlowScreenWidth = (typeof flowScreenWidths)[number]

/** What one machine's screenshots were taken from, as docs/flows/screens/<machine>/manifest.json records it. */
export interface FlowScreensEntry {
  /** machineGraphHash of the machine when its screenshots were taken. */
  graphHash: string
  /** The day of the capture (UTC), `YYYY-MM-DD`. */
  capturedOn: string
  languages: string[]
  widths: number[]
  /** The dotted keys of the states that have a screenshot, sorted. */
  states: string[]
}

/** `form.editing.en.1280.jpg`: a state's screenshot in one language at one width. */
export function flowScreenFileName(stateKey: string, language: string, width: number): string {
  return `${stateKey}.${language}.${width}.jpg`
}

/** Repository-relative path of a screenshot. */
export function flowScreenPath(machineId: string, stateKey: string, language: string, width: number): string {
  return `${flowScreensFolder}/${machineId}/${flowScreenFileName(stateKey, language, width)}`
}

export interface FlowScreenFile {
  machineId: string
  stateKey: string
  language: string
  width: number
}

/** Reads `<machine>/<state>.<lang>.<width>.jpg` at the end of a path; undefined for any other file. */
export function parseFlowScreenPath(path: string): FlowScreenFile | undefined {
  const match = /([^/]+)\/([^/]+)\.([a-zA-Z-]+)\.(\d+)\.jpg$/.exec(path)
  if (!match) return undefined
  const [, machineId, stateKey, language, width] = match
  return { machineId: machineId!, stateKey: stateKey!, language: language!, width: Number(width) }
}
