import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { companies, serviceCategories, services } from '../../server/db/schema'
import { startBenchServer, type BenchServer } from './bench-server'
import type { Comparison } from './compare'
import { compareRenders, withSignedInState } from './render-timing'
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
    const target = (companyId: number, count: number) => ({
      url: `${server.origin}/en/company/${companyId}/services`,
      selector: ROW,
      wanted: Math.min(count, SERVICES_PAGE),
      reply: new RegExp(`^/api/v1/services/${companyId}/$`),
    })
    return await withSignedInState(browser, server.origin, (storageState) =>
      compareRenders(
        browser,
        storageState,
        settings,
        {
          title: `First render of the service list, ${LARGE.count} services against ${SMALL.count} (Chromium)`,
          name: 'services render',
          baseline: { label: `${SMALL.count} services`, target: target(small, SMALL.count) },
          subject: { label: `${LARGE.count} services`, target: target(large, LARGE.count) },
        },
        log,
      ),
    )
  } finally {
    await browser.close()
    await server.close()
  }
}
