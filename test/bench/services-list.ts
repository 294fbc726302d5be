// How the services list's cost grows with the menu: GET /api/v1/services/:companyId/ with a Bearer token for a
// salon of 2,000 services and then of 20,000, each against the same call for a salon of 200 (both salons of the
// demo owner), alternating rounds. A ratio of 0.10 for ten times the services means the cost grows in
// proportion; above that, the fixed part of a request still weighs; below, something grows faster than the menu.
import { eq } from 'drizzle-orm'
import { companies, serviceCategories, services } from '../../server/db/schema'
import { bearer, signIn } from '../support/server-harness'
import type { BenchServer } from './bench-server'
import { compare, type Comparison } from './compare'
import type { LoadGenerator } from './load'
import type { Settings } from './settings'

/** The demo owner's two salons: the small menu is the baseline, the other grows. */
const SMALL_SALON = 'Beauty Line — Arbat'
const LARGE_SALON = 'Beauty Line — Tverskaya'
export const SERVICE_COUNTS = { small: 200, larger: [2000, 20_000] } as const

/** Gives the company `count` live services (adding to those it has), spread over its categories. */
async function fillMenu(server: BenchServer, title: string, count: number): Promise<number> {
  const [company] = await server.db.select().from(companies).where(eq(companies.title, title))
  if (!company) throw new Error(`no salon named ${title}`)
  const categories = await server.db
    .select({ id: serviceCategories.id })
    .from(serviceCategories)
    .where(eq(serviceCategories.companyId, company.id))
  const existing = await server.db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.companyId, company.id))
  const rows = Array.from({ length: count - existing.length }, (_, index) => ({
    companyId: company.id,
    categoryId: categories[index % categories.length]!.id,
    title: `Service ${existing.length + index + 1}`,
    duration: 1800 + (index % 6) * 900,
    priceMin: 1000 + index,
    priceMax: 1500 + index,
  }))
  for (let start = 0; start < rows.length; start += 1000)
    await server.db.insert(services).values(rows.slice(start, start + 1000))
  return company.id
}

export async function benchServicesList(
  load: LoadGenerator,
  server: BenchServer,
  settings: Settings,
  log: (line: string) => void,
): Promise<Comparison[]> {
  const database = server.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'
  const { access_token } = await signIn(server.app)
  log(`giving the salons ${SERVICE_COUNTS.small} and ${SERVICE_COUNTS.larger[0]} services`)
  const small = await fillMenu(server, SMALL_SALON, SERVICE_COUNTS.small)
  const comparisons: Comparison[] = []
  for (const count of SERVICE_COUNTS.larger) {
    if (count !== SERVICE_COUNTS.larger[0]) log(`growing the large salon to ${count} services`)
    const large = await fillMenu(server, LARGE_SALON, count)
    // A round asks for about as many services in all on each side: fewer requests for the larger menu.
    const requests = (services: number) =>
      Math.max(4, Math.round((settings.weekHttpCount * 10 * SERVICE_COUNTS.small) / services))
    const side = (companyId: number, services: number) => ({
      label: `GET /api/v1/services/:id/, ${services.toLocaleString('en-US')} services`,
      unit: 'req/s',
      round: () =>
        load.run({
          url: `${server.origin}/api/v1/services/${companyId}/`,
          method: 'GET',
          headers: { ...bearer(access_token), 'accept-encoding': 'identity' },
          count: requests(services),
          concurrency: settings.weekConcurrency,
          maxMs: settings.maxRoundMs,
          expectStatus: 200,
        }),
    })
    comparisons.push(
      await compare(
        `Services list, ${count.toLocaleString('en-US')} against ${SERVICE_COUNTS.small} services (${database})`,
        side(small, SERVICE_COUNTS.small),
        side(large, count),
        settings.rounds,
        log,
      ),
    )
  }
  return comparisons
}
