import * as v from 'valibot'
import { analyticsBatchSchema } from '../../../contract/analytics/schemas'
import type { Operation } from '../operation'

export const analyticsOperations: Operation[] = [
  {
    method: 'POST',
    path: '/analytics/events',
    status: 202,
    summary: 'Analytics flush delay ms',
    body: analyticsBatchSchema,
    reply: v.unknown(),
  },
]
