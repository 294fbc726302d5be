import * as v from 'valibot'

/** GET /dev/tools: which development tools the server offers to everyone (servers outside production only). */
export const devToolsSchema = v.object({ flows: v.optional(v.boolean(), false) })

/** GET /dev/outbox: the messages the server sent, newest first (servers outside production only). */
export const outboxMessagesSchema = v.array(
  v.object({
    id: v.number(),
    channel: v.string(),
    recipient: v.string(),
    subject: v.nullable(v.string()),
    text: v.string(),
    created_at: v.string(),
  }),
)
