import { sql } from 'drizzle-orm'
import type { Database } from '../db/database'
import { preparedStatement } from '../db/prepared-statement'
import { auditLog } from '../db/schema'

/** One entry of the security log (the audit_log table): what happened, to which account, from where. */
export interface SecurityEvent {
  /** What happened, in snake_case: for example `sign_in_locked`. */
  action: string
  /** The account the event concerns, when there is one (null for an unknown login or an address). */
  targetUserId?: number | null
  /** Who did it, when a signed-in user did (null for anonymous requests). */
  actorUserId?: number | null
  /** The client address the request came from. */
  ip?: string | null
  /** Facts an investigator needs (limits, scopes); never passwords, codes or tokens. */
  details?: Record<string, unknown>
}

const insertEvent = preparedStatement((db) =>
  db
    .insert(auditLog)
    .values({
      action: sql.placeholder('action'),
      targetUserId: sql.placeholder('targetUserId'),
      actorUserId: sql.placeholder('actorUserId'),
      ip: sql.placeholder('ip'),
      details: sql.placeholder('details'),
    })
    .prepare('record_security_event'),
)

/** Writes one event to the security log; the log is append-only and read by operators. */
export async function recordSecurityEvent(db: Database, event: SecurityEvent): Promise<void> {
  await insertEvent(db).execute({
    action: event.action,
    targetUserId: event.targetUserId ?? null,
    actorUserId: event.actorUserId ?? null,
    ip: event.ip ?? null,
    details: event.details ?? {},
  })
}

/**
 * Records that a counter of a limit has just been filled (the hit that took its last place), once per window:
 * `counter` names the kind of counter (`reset:checks`), never the contact or address it counts.
 */
export async function recordLimitReached(
  db: Database,
  event: { action: string; counter: string; limit: number; windowSec: number } & Pick<
    SecurityEvent,
    'targetUserId' | 'ip'
  >,
): Promise<void> {
  await recordSecurityEvent(db, {
    action: event.action,
    targetUserId: event.targetUserId ?? null,
    ip: event.ip ?? null,
    details: { counter: event.counter, limit: event.limit, window_sec: event.windowSec },
  })
}
