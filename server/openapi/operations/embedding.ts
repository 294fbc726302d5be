import {
  embeddingConfigSchema,
  parentTokenBodySchema,
  parentTokenSchema,
} from '../../../contract/embedding/schemas'
import type { Operation } from '../operation'

export const embeddingOperations: Operation[] = [
  {
    method: 'GET',
    path: '/embedding/config',
    summary: 'Which parent origins may frame the app',
    reply: embeddingConfigSchema,
  },
  {
    method: 'POST',
    path: '/embedding/parent_token',
    summary:
      "A bearer token of a separate session for the admin application, so that the frame can log its own session out and the parent's token keeps working",
    body: parentTokenBodySchema,
    reply: parentTokenSchema,
  },
]
