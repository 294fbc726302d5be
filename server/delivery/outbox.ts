import { desc } from 'drizzle-orm'
import type { Database } from '../db/database'
import { outboxMessages } from '../db/schema'
import type { OutgoingMessage } from './message'

/** Keeps a copy of a message for GET /dev/outbox (never in production). */
export async function storeInOutbox(db: Database, message: OutgoingMessage): Promise<void> {
  await db.insert(outboxMessages).values({
    channel: message.channel,
    recipient: message.recipient,
    subject: message.subject ?? null,
    text: message.text,
  })
}

/** The newest messages first, as GET /dev/outbox answers them. */
export async function listOutbox(db: Database, limit = 100) {
  const rows = await db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(limit)
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    text: row.text,
    created_at: row.createdAt.toISOString(),
  }))
}
