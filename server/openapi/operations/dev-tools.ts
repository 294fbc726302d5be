import { outboxMessagesSchema } from '../../../contract/dev-tools/schemas'
import { devToolsSchema } from '../../../contract/dev-tools/schemas'
import type { Operation } from '../operation'

export const devToolsOperations: Operation[] = [
  {
    method: 'GET',
    path: '/dev/outbox',
    summary: 'The messages the server sent, newest first (outside production only)',
    reply: outboxMessagesSchema,
  },
  {
    method: 'GET',
    path: '/dev/tools',
    summary: 'Whether the server offers development tools to everyone',
    reply: devToolsSchema,
  },
]
