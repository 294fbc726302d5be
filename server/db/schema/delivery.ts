import { pgTable, serial, text } from 'drizzle-orm/pg-core'
import { instant } from './columns'

/**
 * Every message sent outside production, kept so that a developer (and the end-to-end tests) can read a code
 * without a real phone or mailbox: GET /api/v1/dev/outbox lists them. Production never writes here.
 */
export const outboxMessages = pgTable('outbox_messages', {
  id: serial('id').primaryKey(),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject'),
  text: text('text').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
})
