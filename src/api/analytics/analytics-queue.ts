import * as v from 'valibot'
import { apiRequest } from '../client'
import type { AnalyticsEvent } from '../../../contract/analytics/schemas'

/** Events wait this long so that a burst (a navigation and its trackers) goes out as one request. */
export const analyticsFlushDelayMs = 50
const maxBatch = 100

const pending: AnalyticsEvent[] = []
let flushTimer: ReturnType<typeof setTimeout> | null = null

async function flush() {
  flushTimer = null
  const batch = pending.splice(0, maxBatch)
  if (batch.length === 0) return
  if (pending.length > 0) scheduleFlush()
  // Analytics never disturbs the user: a lost batch is acceptable, an error toast is not.
  await apiRequest('/analytics/events', {
    method: 'POST',
    body: { events: batch },
    schema: v.unknown(),
    changesReplies: false,
  }).catch(() => undefined)
}

function scheduleFlush() {
  flushTimer ??= setTimeout(() => void flush(), analyticsFlushDelayMs)
}

/** Queues one event; the queue flushes every 50 ms (SPEC.md section 9, event queue delay). */
export function enqueueAnalyticsEvent(event: AnalyticsEvent) {
  pending.push({ ...event, occurred_at: event.occurred_at ?? new Date().toISOString() })
  scheduleFlush()
}
