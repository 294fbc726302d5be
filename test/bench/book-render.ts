// The appointment book's render: the day of a salon with 20 staff members out of a week of 2,000 appointments
// (about 290 blocks in 20 columns), against the same book on an empty day (the 20 columns and their empty places
// alone), in Chromium against the real server, alternating rounds. Each side is the time from the end of the
// appointments reply to the moment the book shows everything it should.
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, count, eq, gte, lt } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { nextDate, zonedInstant } from '../../contract/zoned-time'
import { appointments, companies } from '../../server/db/schema'
import { repositoryRoot } from '../../scripts/flow-docs/discover-machines'
import { launchBrowser } from '../support/browser'
import { fillWeek, WEEK_APPOINTMENTS, WEEK_STAFF, WEEK_START } from './appointments-week'
import { startBenchServer } from './bench-server'
import { median, type Comparison, type SideResult } from './compare'
import type { Settings } from './settings'

/** A day with nothing booked: a week after the filled one. */
const EMPTY_DAY = nextDate(WEEK_START, 7)

/**
 * Milliseconds from the end of the appointments reply to the moment `wanted` elements match `selector` (a
 * MutationObserver set before the app starts): the app's parse of the reply and React's render and commit.
 */
async function renderTime(
  browser: Browser,
  url: string,
  storageState: string,
  selector: string,
  wanted: number,
): Promise<number> {
  const context = await browser.newContext({ storageState, viewport: { width: 1280, height: 900 } })
  try {
    const page = await context.newPage()
    await page.addInitScript(
      ({ selector: watched, count }) => {
        const watch = new MutationObserver(() => {
          if (document.querySelectorAll(watched).length >= count) {
            ;(window as unknown as { renderedAt: number }).renderedAt = performance.now()
            watch.disconnect()
          }
        })
        document.addEventListener('DOMContentLoaded', () =>
          watch.observe(document.body, { childList: true, subtree: true }),
        )
      },
      { selector, count: wanted },
    )
    await page.goto(url)
    await page.waitForFunction(
      () => (window as unknown as { renderedAt?: number }).renderedAt !== undefined,
      {
        timeout: 120_000,
      },
    )
    return await page.evaluate(() => {
      const reply = performance
        .getEntriesByType('resource')
        .filter((entry) => /\/appointments$/.test(new URL(entry.name).pathname))
        .at(-1) as PerformanceResourceTiming
      return (window as unknown as { renderedAt: number }).renderedAt - reply.responseEnd
    })
  } finally {
    await context.close()
  }
}

export async function benchBookRender(settings: Settings, log: (line: string) => void): Promise<Comparison> {
  const server = await startBenchServer('pglite', { distDir: join(repositoryRoot, 'dist') })
  const browser = await launchBrowser()
  const storageState = join(tmpdir(), `bench-book-session-${process.pid}.json`)
  try {
    const [company] = await server.db
      .select({ id: companies.id, timezone: companies.timezone })
      .from(companies)
      .where(eq(companies.title, 'Beauty Line — Tverskaya'))
    log(`writing ${WEEK_APPOINTMENTS.toLocaleString('en-US')} appointments for ${WEEK_STAFF} staff members`)
    await fillWeek(server, company!.id)
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.origin}/en/signin`)
    await page.getByLabel('E-mail or phone').fill('demo@example.com')
    await page.getByLabel('Password', { exact: true }).fill('demo12345')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => !url.pathname.endsWith('/signin'))
    await context.storageState({ path: storageState })
    await context.close()

    const book = `${server.origin}/en/company/${company!.id}/book?date=`
    // The blocks the filled week's first day must show: its appointments as the database holds them.
    const [{ blocks } = { blocks: 0 }] = await server.db
      .select({ blocks: count() })
      .from(appointments)
      .where(
        and(
          eq(appointments.companyId, company!.id),
          gte(appointments.startAt, zonedInstant(WEEK_START, 0, company!.timezone)!),
          lt(appointments.startAt, zonedInstant(nextDate(WEEK_START), 0, company!.timezone)!),
        ),
      )
    const baseline: number[] = []
    const subject: number[] = []
    for (let round = 0; round < settings.rounds; round += 1) {
      baseline.push(await renderTime(browser, book + EMPTY_DAY, storageState, '.book-column', WEEK_STAFF))
      subject.push(await renderTime(browser, book + WEEK_START, storageState, '.book-block', blocks))
      log(
        `book render round ${round + 1}: ${baseline.at(-1)!.toFixed(0)} ms / ${subject.at(-1)!.toFixed(0)} ms`,
      )
    }
    return {
      title: `First render of the book's day, ${WEEK_STAFF} staff with ${blocks} appointments against an empty day (Chromium)`,
      baseline: sideOf(`${WEEK_STAFF} columns, no appointments`, baseline),
      subject: sideOf(`${WEEK_STAFF} columns, ${blocks} appointments`, subject),
      ratio: median(subject.map((time, round) => time / baseline[round]!)),
    }
  } finally {
    rmSync(storageState, { force: true })
    await browser.close()
    await server.close()
  }
}

function sideOf(label: string, times: number[]): SideResult {
  return {
    label,
    unit: 'ms',
    median: median(times),
    min: Math.min(...times),
    max: Math.max(...times),
    failures: 0,
  }
}
