import * as v from 'valibot'
import { int4Schema, storableText, withinProductYears } from '../storable-values'

/** AA: inside the admin application's frame; ERP: the standalone business-management mode. */
export const analyticsModeSchema = v.picklist(['AA', 'ERP'])

export const analyticsEventSchema = v.object({
  type: v.picklist(['page_view', 'tracker']),
  name: v.pipe(v.string(), storableText(), v.minLength(1), v.maxLength(120)),
  mode: analyticsModeSchema,
  path: v.optional(v.pipe(v.string(), storableText(), v.maxLength(2048))),
  registration_id: v.optional(v.nullable(int4Schema(1))),
  occurred_at: v.optional(v.pipe(v.string(), v.isoTimestamp(), withinProductYears())),
  props: v.optional(
    v.record(
      v.pipe(v.string(), storableText(), v.maxLength(60)),
      v.union([v.pipe(v.string(), storableText()), v.number(), v.boolean(), v.null()]),
    ),
  ),
})
export type AnalyticsEvent = v.InferOutput<typeof analyticsEventSchema>

/** POST /analytics/events: the client flushes its queue in batches. */
export const analyticsBatchSchema = v.object({
  events: v.pipe(v.array(analyticsEventSchema), v.minLength(1), v.maxLength(100)),
})
export type AnalyticsBatch = v.InferOutput<typeof analyticsBatchSchema>
