import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Frame, Locator, Page } from 'playwright-core'
import type { AnyStateMachine } from 'xstate'
import { machineGraphHash } from '../../scripts/flow-docs/machine-graph-hash'
import { inspectorChannelName, type InspectorLanguageRequest } from '../../src/app/inspection'
import {
  flowScreenFileName,
  flowScreensFolder,
  flowScreensManifestName,
  flowScreenLanguages,
  parseFlowScreenPath,
  type FlowScreensEntry,
} from '../../src/flow-graph/flow-screens'

const repositoryRoot = join(import.meta.dirname, '..', '..')

/** `npm run docs:flow-screens` sets this; a plain test run takes no screenshots and stays as fast. */
export const flowScreensRequested = process.env.FLOW_SCREENS === '1'

/** Each width: the window it is taken in and the width of the stored (downscaled) picture. */
const shots = [
  { width: 1280, viewport: { width: 1280, height: 720 }, storedWidth: 800 },
  { width: 390, viewport: { width: 390, height: 844 }, storedWidth: 312 },
] as const
/**
 * The languages to take (`--lang ru` of docs:flow-screens sets FLOW_SCREENS_LANGUAGES): every screen is shown in
 * each in place (src/app/inspected-language.ts), so the journeys, written against the English page, walk once.
 */
const requested = process.env.FLOW_SCREENS_LANGUAGES?.split(',').filter(Boolean) ?? []
const languages: string[] = flowScreenLanguages.filter(
  (language) => requested.length === 0 || requested.includes(language),
)
const jpegQuality = 0.62

/** A blank page per browser (no app, so no CSP) that shrinks the screenshots. */
const shrinkers = new WeakMap<Browser, Promise<Page>>()
function shrinkerOf(browser: Browser): Promise<Page> {
  let page = shrinkers.get(browser)
  if (!page) {
    page = browser.newContext().then((context) => context.newPage())
    shrinkers.set(browser, page)
  }
  return page
}

/** Shrinks a PNG screenshot into a JPEG of `width` pixels, in the browser's own canvas. */
async function downscale(browser: Browser, png: Buffer, width: number): Promise<Buffer> {
  const page = await shrinkerOf(browser)
  const dataUrl = await page.evaluate(
    async ({ source, width, quality }) => {
      const image = new Image()
      image.src = source
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = width
      canvas.height = Math.round((image.height * width) / image.width)
      const context = canvas.getContext('2d')!
      context.imageSmoothingQuality = 'high'
      context.drawImage(image, 0, 0, canvas.width, canvas.height)
      return canvas.toDataURL('image/jpeg', quality)
    },
    { source: `data:image/png;base64,${png.toString('base64')}`, width, quality: jpegQuality },
  )
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')
}

/**
 * Shows the page's current screen in `language` without moving it (the app listens on the inspector's channel
 * while the inspector is on) and waits until it has been drawn in it, and is still in it a moment later: a route
 * that loads again (the signed-in home refreshing its data) puts the address's language back, so it asks again.
 */
async function showIn(page: Frame, language: string, waitForNetwork = true) {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    // A refresh still under way would put the address's language back after this one is drawn.
    if (waitForNetwork) await page.waitForLoadState('networkidle')
    await page.evaluate(
      ({ channelName, request }) => {
        const channel = new BroadcastChannel(channelName)
        channel.postMessage(request)
        channel.close()
      },
      {
        channelName: inspectorChannelName,
        request: { kind: 'language', language } satisfies InspectorLanguageRequest,
      },
    )
    await page.waitForFunction((wanted) => document.documentElement.lang === wanted, language, {
      timeout: 5000,
    })
    await waitForLayout(page)
    await page.waitForTimeout(250)
    if (await isIn(page, language)) return
  }
  throw new Error(`the page would not stay in ${language}`)
}

/** How a picture is taken, beyond the page and the state. */
export interface CaptureOptions {
  /**
   * The part of the page the state is about (a question that replaced a long form), scrolled into view at each
   * width before the picture, as a person would see it; else the page as it is scrolled. It is looked for in
   * every language, so it must not be found by its words (an id, not a role's name).
   */
  subject?: Locator
  /**
   * The frame the app runs in when another page frames it (the admin application): the language is switched
   * there, and the picture is of the whole page, frame and all.
   */
  app?: Frame
  /**
   * False when the journey holds a request back on purpose to show the state waiting for it (the hand-over's
   * spinner): the network never goes quiet then, so it is not waited for.
   */
  waitForNetwork?: boolean
}

const isIn = (page: Frame, language: string) =>
  page.evaluate((wanted) => document.documentElement.lang === wanted, language)

const waitForLayout = (page: Frame) =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
  )

/**
 * The screenshots of one machine's screen states, taken when a browser journey first reaches each (after the
 * model's `see` has found the screen), at every width; on `finish` the machine's folder holds exactly those and
 * the manifest records the graph they were taken from. Does nothing unless FLOW_SCREENS=1.
 */
export function createFlowScreensCapture(machine: AnyStateMachine) {
  const folder = join(repositoryRoot, flowScreensFolder, machine.id)
  /** States a journey has claimed (so a parallel one does not take them too), and those whose pictures are written. */
  const claimed = new Set<string>()
  const taken = new Set<string>()
  let cleared = false

  /** Removes the pictures of the languages this run takes (the others stay, see `finish`). */
  function clear() {
    mkdirSync(folder, { recursive: true })
    for (const file of readdirSync(folder)) {
      const picture = parseFlowScreenPath(`${machine.id}/${file}`)
      if (picture && languages.includes(picture.language)) rmSync(join(folder, file))
    }
    cleared = true
  }

  /** Photographs the page as `stateKey` in every language and width (see `CaptureOptions`). */
  async function capture(page: Page, stateKey: string, options: CaptureOptions = {}) {
    const { subject, app = page.mainFrame(), waitForNetwork = true } = options
    if (!flowScreensRequested || claimed.has(stateKey)) return
    claimed.add(stateKey)
    if (!cleared) clear()
    const original = page.viewportSize()
    const pageLanguage = await app.evaluate(() => document.documentElement.lang)
    const browser = page.context().browser()!
    try {
      // The pointer where the journey last clicked could hover a link after a resize: its preload would load
      // the address's language again (and a hovered button is not what the screen looks like).
      await page.mouse.move(original ? original.width - 1 : 0, original ? original.height - 1 : 0)
      if (waitForNetwork) await page.waitForLoadState('networkidle')
      for (const language of languages) {
        if (language !== pageLanguage) await showIn(app, language, waitForNetwork)
        for (const shot of shots) {
          await page.setViewportSize(shot.viewport)
          if (subject) await subject.evaluate((element) => element.scrollIntoView({ block: 'start' }))
          await waitForLayout(app)
          let png = await page.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' })
          // The language went back while the picture was taken: once more, in the language asked for.
          if (!(await isIn(app, language))) {
            await showIn(app, language, waitForNetwork)
            png = await page.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' })
          }
          const jpeg = await downscale(browser, png, shot.storedWidth)
          writeFileSync(join(folder, flowScreenFileName(stateKey, language, shot.width)), jpeg)
        }
      }
      taken.add(stateKey)
    } finally {
      // Back in the journey's own language and size, laid out again before its next step clicks anything.
      if ((await app.evaluate(() => document.documentElement.lang)) !== pageLanguage)
        await showIn(app, pageLanguage, waitForNetwork)
      if (original) {
        await page.setViewportSize(original)
        await waitForLayout(app)
      }
    }
  }

  /**
   * Records the captured states in the machine's manifest.json (after a suite that took any). A language this
   * run did not take is kept when it was taken of the same graph and has every state taken now; else its
   * pictures go, and the manifest names only the languages that are complete.
   */
  function finish() {
    if (!flowScreensRequested || taken.size === 0) return
    const manifestPath = join(folder, flowScreensManifestName)
    const graphHash = machineGraphHash(machine)
    const previous = existsSync(manifestPath)
      ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as FlowScreensEntry)
      : undefined
    const states = [...taken].sort()
    const complete = (language: string) =>
      states.every((state) =>
        shots.every((shot) => existsSync(join(folder, flowScreenFileName(state, language, shot.width)))),
      )
    const kept = (previous?.graphHash === graphHash ? previous.languages : []).filter(
      (language) => !languages.includes(language) && complete(language),
    )
    const listed = [...languages, ...kept]
    for (const file of readdirSync(folder)) {
      const picture = parseFlowScreenPath(`${machine.id}/${file}`)
      if (picture && (!listed.includes(picture.language) || !taken.has(picture.stateKey)))
        rmSync(join(folder, file))
    }
    const entry: FlowScreensEntry = {
      graphHash,
      capturedOn: new Date().toISOString().slice(0, 10),
      languages: flowScreenLanguages.filter((language) => listed.includes(language)),
      widths: shots.map((shot) => shot.width),
      states,
    }
    writeFileSync(manifestPath, `${JSON.stringify(entry, null, 2)}\n`)
    console.log(
      `${flowScreensFolder}/${machine.id}: ${taken.size} states × ${shots.length} widths × ${entry.languages.join(', ')}`,
    )
  }

  return { capture, finish }
}

export type FlowScreensCapture = ReturnType<typeof createFlowScreensCapture>
