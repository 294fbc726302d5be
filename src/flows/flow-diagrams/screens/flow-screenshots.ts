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

/** The screenshots of one state of one machine, in every language and width that were taken. */
export function screenshotsOf(machineId: string, stateKey: string): FlowScreenshot[] {
  return Object.entries(pictureUrls).flatMap(([path, url]) => {
    const file = parseFlowScreenPath(path)
    return file && file.machineId === machineId && file.stateKey === stateKey
      ? [{ language: file.language, width: file.width, url }]
      : []
  })
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
