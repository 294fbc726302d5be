import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import type { AnyStateMachine } from 'xstate'
import { machineGraphHash } from '../../scripts/flow-docs/machine-graph-hash'
import {
  flowScreenFileName,
  flowScreensFolder,
  flowScreensManifestName,
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
const language = 'en'
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

const waitForLayout = (page: Page) =>
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

  async function capture(page: Page, stateKey: string) {
    if (!flowScreensRequested || claimed.has(stateKey)) return
    claimed.add(stateKey)
    if (!cleared) {
      rmSync(folder, { recursive: true, force: true })
      cleared = true
    }
    mkdirSync(folder, { recursive: true })
    const original = page.viewportSize()
    const browser = page.context().browser()!
    try {
      for (const shot of shots) {
        await page.setViewportSize(shot.viewport)
        await waitForLayout(page)
        const png = await page.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' })
        const jpeg = await downscale(browser, png, shot.storedWidth)
        writeFileSync(join(folder, flowScreenFileName(stateKey, language, shot.width)), jpeg)
      }
      taken.add(stateKey)
    } finally {
      // Back at the journey's own size, laid out again before its next step clicks anything.
      if (original) {
        await page.setViewportSize(original)
        await waitForLayout(page)
      }
    }
  }

  /** Records the captured states in the machine's manifest.json (after a suite that took any). */
  function finish() {
    if (!flowScreensRequested || taken.size === 0) return
    const entry: FlowScreensEntry = {
      graphHash: machineGraphHash(machine),
      capturedOn: new Date().toISOString().slice(0, 10),
      languages: [language],
      widths: shots.map((shot) => shot.width),
      states: [...taken].sort(),
    }
    writeFileSync(join(folder, flowScreensManifestName), `${JSON.stringify(entry, null, 2)}\n`)
    console.log(`${flowScreensFolder}/${machine.id}: ${taken.size} states × ${shots.length} widths`)
  }

  return { capture, finish }
}

export type FlowScreensCapture = ReturnType<typeof createFlowScreensCapture>
