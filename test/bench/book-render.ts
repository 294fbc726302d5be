// The appointment book's render: the day of a salon with 20 staff members out of a week of 2,000 appointments
// (about 300 blocks in 20 columns), against the same book on an empty day (the 20 columns and their empty places
// alone), in Chromium against the real server, alternating rounds. Each side is the time from the end of the
// appointments reply to the moment the book shows everything it should.
import { join } from 'node:path'
import { and, count, eq, gte, lt } from 'drizzle-orm'
import { nextDate, zonedInstant } from '../../contract/zoned-time'
import { appointments, companies } from '../../server/db/schema'
import { repositoryRoot } from '../../scripts/flow-docs/discover-machines'
import { launchBrowser } from '../support/browser'
import { fillWeek, WEEK_APPOINTMENTS, WEEK_STAFF, WEEK_START } from './appointments-week'
import { startBenchServer } from './bench-server'
import type { Comparison } from './compare'
import { compareRenders, withSignedInState } from './render-timing'
import type { Settings } from './settings'

/** A day with nothing booked: a week after the filled one. */
const EMPTY_DAY = nextDate(WEEK_START, 7)
const APPOINTMENTS_REPLY = /\/appointments$/

export async function benchBookRender(settings: Settings, log: (line: string) => void): Promise<Comparison> {
  const server = await startBenchServer('pglite', { distDir: join(repositoryRoot, 'dist') })
  const browser = await launchBrowser()
  try {
    const [company] = await server.db
      .select({ id: companies.id, timezone: companies.timezone })
      .from(companies)
      .where(eq(companies.title, 'Beauty Line — Tverskaya'))
    log(`writing ${WEEK_APPOINTMENTS.toLocaleString('en-US')} appointments for ${WEEK_STAFF} staff members`)
    await fillWeek(server, company!.id)
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
    const book = `${server.origin}/en/company/${company!.id}/book?date=`
    return await withSignedInState(browser, server.origin, (storageState) =>
      compareRenders(
        browser,
        storageState,
        settings,
        {
          title: `First render of the book's day, ${WEEK_STAFF} staff with ${blocks} appointments against an empty day (Chromium)`,
          name: 'book render',
          baseline: {
            label: `${WEEK_STAFF} columns, no appointments`,
            target: {
              url: book + EMPTY_DAY,
              selector: '.book-column',
              wanted: WEEK_STAFF,
              reply: APPOINTMENTS_REPLY,
            },
          },
          subject: {
            label: `${WEEK_STAFF} columns, ${blocks} appointments`,
            target: {
              url: book + WEEK_START,
              selector: '.book-block',
              wanted: blocks,
              reply: APPOINTMENTS_REPLY,
            },
          },
        },
        log,
      ),
    )
  } finally {
    await browser.close()
    await server.close()
  }
}
