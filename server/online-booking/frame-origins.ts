import { and, eq } from 'drizzle-orm'
import type { FrameOrigins, FrameOriginsBody } from '../../contract/online-booking/frame-origins'
import type { Database } from '../db/database'
import { companies } from '../db/schema'
import type { RecordChange } from '../business/change-log/request-audit'

/** The sites allowed to frame one company's booking page. */
export async function companyFrameOrigins(db: Database, companyId: number): Promise<FrameOrigins> {
  const [row] = await db
    .select({ origins: companies.bookingFrameOrigins })
    .from(companies)
    .where(eq(companies.id, companyId))
  return { origins: row?.origins ?? [] }
}

/** Replaces the list (repeats dropped, first one kept) and records the change in the company's audit log. */
export async function saveFrameOrigins(
  db: Database,
  companyId: number,
  body: FrameOriginsBody,
  audit: RecordChange,
): Promise<FrameOrigins> {
  const origins = [...new Set(body.origins)]
  return db.transaction(async (tx) => {
    const before = await companyFrameOrigins(tx, companyId)
    await tx.update(companies).set({ bookingFrameOrigins: origins }).where(eq(companies.id, companyId))
    await audit(tx, {
      entity: 'booking_frame_origins',
      entityId: companyId,
      operation: 'updated',
      changes: { before: before.origins, origins },
    })
    return { origins }
  })
}

/**
 * The sites allowed to frame a chain's booking page: those any of its salons lists, since the chain's page leads
 * into theirs and a salon's own site may show the whole chain.
 */
export async function chainFrameOrigins(db: Database, chainId: number): Promise<string[]> {
  const rows = await db
    .select({ origins: companies.bookingFrameOrigins })
    .from(companies)
    .where(and(eq(companies.mainGroupId, chainId), eq(companies.type, 'salon')))
  return [...new Set(rows.flatMap((row) => row.origins))]
}
