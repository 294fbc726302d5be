import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { companies, serviceCategories, services } from '../../server/db/schema'
import { startBenchServer, type BenchServer } from './bench-server'
import { median, type Comparison, type SideResult } from './compare'
import type { Settings } from './settings'
import { repositoryRoot } from '../../scripts/flow-docs/discover-machines'
import { launchBrowser } from '../support/browser'
import { SERVICES_PAGE } from '../../src/business/services/service-list'

/** The two salons of the demo owner: one gets a short menu, the other a chain-sized one. */
const SMALL = { title: 'Beauty Line — Arbat', count: 20 }
const LARGE = { title: 'Beauty Line — Tverskaya', count: 2000 }
const ROW = '.service-row'

/** Gives the company exactly `count` live services, spread over its categories as a big menu would be. */
async function fillMenu(server: BenchServer, title: string, count: number): Promise<number> {
  const [company] = await server.db.select().from(companies).where(eq(companies.title, title))
  const categories = await server.db
    .select({ id: serviceCategories.id })
    .from(serviceCategories)
    .where(eq(serviceCategories.companyId, company!.id))
  const existing = await server.db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.companyId, company!.id))
  const rows = Array.from({ length: count - existing.length }, (_, index) => ({
    companyId: company!.id,
    categoryId: categories[index % categories.length]!.id,
    title: `Service ${index + 1}`,
    duration: 1800 + (index % 6) * 900,
    priceMin: 1000 + index,
    priceMax: 1500 + index,
  }))
  for (let start = 0; start < rows.length; start += 500)
    await server.db.insert(services).values(rows.slice(start, start + 500))
  return company!.id
}

/**
 * Milliseconds from the end of the services reply to the moment the list shows its first page (every row up to
 * SERVICES_PAGE), measured in the page
 * (a MutationObserver set before the app starts): the app's parse of the reply and React's render and commit.
 */
async function renderTime(
  browser: Browser,
  origin: string,
  storageState: string,
  companyId: number,
  rows: number,
) {
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
      { selector: ROW, wanted: rows },
    )
    await page.goto(`${origin}/en/company/${companyId}/services`)
    await page.waitForFunction(() => (window as unknown as { renderedAt?: number }).renderedAt !== undefined)
    return await page.evaluate((id) => {
      const reply = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname === `/api/v1/services/${id}/`)
        .at(-1) as PerformanceResourceTiming
      return (window as unknown as { renderedAt: number }).renderedAt - reply.responseEnd
    }, companyId)
  } finally {
    await context.close()
  }
}

/**
 * The service list's first render with 2,000 services against the same list with 20, in Chromium against the real
 * server, alternating rounds; the ratio says how the list grows with a chain's menu.
 */
export async function benchServicesRender(
  settings: Settings,
  log: (line: string) => void,
): Promise<Comparison> {
  const server = await startBenchServer('pglite', { distDir: join(repositoryRoot, 'dist') })
  const browser = await launchBrowser()
  try {
    const small = await fillMenu(server, SMALL.title, SMALL.count)
    const large = await fillMenu(server, LARGE.title, LARGE.count)
    // One sign-in, its cookies reused by every round.
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.origin}/en/signin`)
    await page.getByLabel('E-mail or phone').fill('demo@example.com')
    await page.getByLabel('Password', { exact: true }).fill('demo12345')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => !url.pathname.endsWith('/signin'))
    const storageState = join(tmpdir(), `bench-session-${process.pid}.json`)
    await context.storageState({ path: storageState })
    await context.close()

    const baseline: number[] = []
    const subject: number[] = []
    for (let round = 0; round < settings.rounds; round += 1) {
      baseline.push(
        await renderTime(browser, server.origin, storageState, small, Math.min(SMALL.count, SERVICES_PAGE)),
      )
      subject.push(
        await renderTime(browser, server.origin, storageState, large, Math.min(LARGE.count, SERVICES_PAGE)),
      )
      log(
        `services render round ${round + 1}: ${baseline.at(-1)!.toFixed(0)} ms / ${subject.at(-1)!.toFixed(0)} ms`,
      )
    }
    return {
      title: `First render of the service list, ${LARGE.count} services against ${SMALL.count} (Chromium)`,
      baseline: sideOf(`${SMALL.count} services`, baseline),
      subject: sideOf(`${LARGE.count} services`, subject),
      ratio: median(subject.map((time, round) => time / baseline[round]!)),
    }
  } finally {
    rmSync(join(tmpdir(), `bench-session-${process.pid}.json`), { force: true })
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
