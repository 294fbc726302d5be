import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { median, type Comparison, type SideResult } from './compare'
import type { Settings } from './settings'

/** What a render round waits for: `wanted` elements matching `selector`, after the reply whose path matches. */
export interface RenderTarget {
  url: string
  selector: string
  wanted: number
  reply: RegExp
}

/**
 * Milliseconds from the end of the reply that feeds a screen to the moment the screen shows `wanted` elements
 * matching `selector` (a MutationObserver set before the app starts): the app's parse of the reply and React's
 * render and commit. Each round opens a fresh page with the signed-in `storageState`.
 */
export async function renderTime(
  browser: Browser,
  storageState: string,
  target: RenderTarget,
): Promise<number> {
  const context = await browser.newContext({ storageState, viewport: { width: 1280, height: 900 } })
  try {
    const page = await context.newPage()
    await page.addInitScript(
      ({ selector, wanted }) => {
        const watch = new MutationObserver(() => {
          if (document.querySelectorAll(selector).length >= wanted) {
            ;(window as unknown as { renderedAt: number }).renderedAt = performance.now()
            watch.disconnect()
          }
        })
        document.addEventListener('DOMContentLoaded', () =>
          watch.observe(document.body, { childList: true, subtree: true }),
        )
      },
      { selector: target.selector, wanted: target.wanted },
    )
    await page.goto(target.url)
    await page.waitForFunction(
      () => (window as unknown as { renderedAt?: number }).renderedAt !== undefined,
      {
        timeout: 120_000,
      },
    )
    return await page.evaluate((source) => {
      const reply = new RegExp(source)
      const entry = performance
        .getEntriesByType('resource')
        .filter((each) => reply.test(new URL(each.name).pathname))
        .at(-1) as PerformanceResourceTiming
      return (window as unknown as { renderedAt: number }).renderedAt - entry.responseEnd
    }, target.reply.source)
  } finally {
    await context.close()
  }
}

/**
 * Signs the demo owner in once in Chromium and hands the saved cookies to `rounds`, removing them afterwards.
 */
export async function withSignedInState<T>(
  browser: Browser,
  origin: string,
  rounds: (storageState: string) => Promise<T>,
): Promise<T> {
  const storageState = join(tmpdir(), `bench-session-${process.pid}.json`)
  try {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${origin}/en/signin`)
    await page.getByLabel('E-mail or phone').fill('demo@example.com')
    await page.getByLabel('Password', { exact: true }).fill('demo12345')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => !url.pathname.endsWith('/signin'))
    await context.storageState({ path: storageState })
    await context.close()
    return await rounds(storageState)
  } finally {
    rmSync(storageState, { force: true })
  }
}

/**
 * Renders the baseline's screen and the subject's in alternating rounds and compares their render times; the
 * ratio is the median of the rounds' subject/baseline (above 1: the subject takes longer).
 */
export async function compareRenders(
  browser: Browser,
  storageState: string,
  settings: Settings,
  spec: {
    title: string
    /** Names the rounds in the log. */
    name: string
    baseline: { label: string; target: RenderTarget }
    subject: { label: string; target: RenderTarget }
  },
  log: (line: string) => void,
): Promise<Comparison> {
  const baseline: number[] = []
  const subject: number[] = []
  for (let round = 0; round < settings.rounds; round += 1) {
    baseline.push(await renderTime(browser, storageState, spec.baseline.target))
    subject.push(await renderTime(browser, storageState, spec.subject.target))
    log(
      `${spec.name} round ${round + 1}: ${baseline.at(-1)!.toFixed(0)} ms / ${subject.at(-1)!.toFixed(0)} ms`,
    )
  }
  return {
    title: spec.title,
    baseline: renderSide(spec.baseline.label, baseline),
    subject: renderSide(spec.subject.label, subject),
    ratio: median(subject.map((time, round) => time / baseline[round]!)),
  }
}

/** One side of a render comparison, in milliseconds. */
function renderSide(label: string, times: number[]): SideResult {
  return {
    label,
    unit: 'ms',
    median: median(times),
    min: Math.min(...times),
    max: Math.max(...times),
    failures: 0,
  }
}
