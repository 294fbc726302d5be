import { healthSchema, readinessSchema } from '../../../contract/health/schemas'
import type { Operation } from '../operation'

export const healthOperations: Operation[] = [
  { method: 'GET', path: '/health', summary: 'Whether the process answers', reply: healthSchema },
  {
    method: 'GET',
    path: '/health/ready',
    summary:
      'Whether the process takes requests and reaches its database (503 while shutting down or cut off)',
    reply: readinessSchema,
  },
]
