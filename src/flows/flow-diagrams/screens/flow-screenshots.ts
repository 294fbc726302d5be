import { parseFlowScreenPath, type FlowScreensEntry } from '../../../flow-graph/flow-screens'

/**
 * The screenshots of docs/flows/screens/ (`npm run docs:flow-screens`) as the built app's own files: the build
 * copies each picture beside the scripts and this module holds only their addresses, in the /flows chunk that
 * loads when a diagram is opened; a picture is fetched when a state's panel shows it.
 */
const pictureUrls = import.meta.glob<string>('../../../../docs/flows/screens/*/*.jpg', {
  eager: true,
  query: '?url',
  import: 'default',
})
const manifests = import.meta.glob<FlowScreensEntry>('../../../../docs/flows/screens/*/manifest.json', {
  eager: true,
  import: 'default',
})

export interface FlowScreenshot {
  language: string
  width: number
  url: string
}

// The pictures by machine and state, read once: the diagram asks for every state's thumbnail at each layout.
const screenshotsByState = new Map<string, FlowScreenshot[]>()
for (const [path, url] of Object.entries(pictureUrls)) {
  const file = parseFlowScreenPath(path)
  if (!file) continue
  const key = `${file.machineId}/${file.stateKey}`
  screenshotsByState.set(key, [
    ...(screenshotsByState.get(key) ?? []),
    { language: file.language, width: file.width, url },
  ])
}

/** The screenshots of one state of one machine, in every language and width that were taken. */
export function screenshotsOf(machineId: string, stateKey: string): FlowScreenshot[] {
  return screenshotsByState.get(`${machineId}/${stateKey}`) ?? []
}

/**
 * The screenshots of one state that a reader of `language` sees, widest first: in that language when the state
 * was taken in it, else in English, else in whatever language it was taken. The panel and the hover thumbnail
 * both choose this way, so a Russian reader sees the Russian screen in both.
 */
export function screenshotsFor(machineId: string, stateKey: string, language: string): FlowScreenshot[] {
  const shots = screenshotsOf(machineId, stateKey)
  const chosen = shots.some((shot) => shot.language === language)
    ? language
    : shots.some((shot) => shot.language === 'en')
      ? 'en'
      : shots[0]?.language
  return shots.filter((shot) => shot.language === chosen).sort((a, b) => b.width - a.width)
}

/** The manifest of a machine's screenshots: the day they were taken and the graph they were taken from. */
export function screensManifestOf(machineId: string): FlowScreensEntry | undefined {
  return Object.entries(manifests).find(([path]) => path.endsWith(`/${machineId}/manifest.json`))?.[1]
}

/** What the diagram needs of a state to pick its thumbnail: its dotted key and the states inside it. */
interface PicturedState {
  path: string[]
  initial: boolean
  children: PicturedState[]
}

/**
 * The picture a state's box shows on the diagram: the widest (desktop) screenshot of the state in the reader's
 * language. A closed compound state stands for the states inside it, so it shows the screen it opens on (its
 * initial states, inwards) or else the first inner screen that has a picture; an open one only its own.
 */
export function thumbnailOf(
  machineId: string,
  state: PicturedState,
  collapsed: boolean,
  language: string,
): FlowScreenshot | undefined {
  const own = screenshotsFor(machineId, state.path.join('.'), language)[0]
  if (own || !collapsed) return own
  const inward = (inner: PicturedState): FlowScreenshot | undefined => {
    const initial = inner.children.find((child) => child.initial)
    const ordered = initial
      ? [initial, ...inner.children.filter((child) => child !== initial)]
      : inner.children
    for (const child of ordered) {
      const found = screenshotsFor(machineId, child.path.join('.'), language)[0] ?? inward(child)
      if (found) return found
    }
    return undefined
  }
  return inward(state)
}
