import type { AnalyticsBatch } from '../../contract/analytics/schemas'
import type { Database } from '../db/database'
import { analyticsEvents } from '../db/schema'

/** Stores a batch of analytics events; events without their own time are dated on arrival. */
export async function storeAnalyticsEvents(
  db: Database,
  batch: AnalyticsBatch,
  userId: number | null,
  now = new Date(),
): Promise<number> {
  await db.insert(analyticsEvents).values(
    batch.events.map((event) => ({
      type: event.type,
      name: event.name,
      mode: event.mode,
      path: event.path ?? null,
      registrationId: event.registration_id ?? null,
      userId,
      props: event.props ?? {},
      occurredAt: event.occurred_at ? new Date(event.occurred_at) : now,
      receivedAt: now,
    })),
  )
  return batch.events.length
}
