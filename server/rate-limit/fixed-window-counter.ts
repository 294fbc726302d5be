import { eq, sql } from 'drizzle-orm'
import type { Database } from '../db/database'
import { isEmbeddedDatabase } from '../db/pglite-client'
import { rateLimitCounters } from '../db/schema'

/**
 * Fixed-window counters kept in the database, shared by every API process. A window starts at the first hit
 * after the previous one ended and lasts `windowSec`.
 */

/** How many hits the key has in its current window (0 when its window has ended). */
export async function countInWindow(
  db: Database,
  key: string,
  windowSec: number,
  now = new Date(),
): Promise<number> {
  return (await liveWindow(db, key, windowSec, now))?.count ?? 0
}

/** The key's counter while its window is running; undefined when there is none or it has ended. */
async function liveWindow(db: Database, key: string, windowSec: number, now: Date) {
  const [row] = await db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key))
  return row && !isExpired(row.windowStart, windowSec, now) ? row : undefined
}

/**
 * Records one hit and returns the count including it. A single upsert, so concurrent hits from several
 * processes are all counted.
 */
export async function recordHit(
  db: Database,
  key: string,
  windowSec: number,
  now = new Date(),
): Promise<number> {
  // Raw SQL parameters are passed as ISO strings: both drivers read those the same way.
  const windowEndsBefore = sql`${new Date(now.getTime() - windowSec * 1000).toISOString()}::timestamptz`
  const nowParam = sql`${now.toISOString()}::timestamptz`
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${rateLimitCounters.windowStart} <= ${windowEndsBefore} then 1 else ${rateLimitCounters.count} + 1 end`,
        windowStart: sql`case when ${rateLimitCounters.windowStart} <= ${windowEndsBefore} then ${nowParam} else ${rateLimitCounters.windowStart} end`,
      },
    })
    .returning({ count: rateLimitCounters.count })
  return row?.count ?? 1
}

/**
 * Reserves one hit if the key is still under `max` in its window, in one conditional upsert: however many
 * requests race, at most `max` reservations succeed per window. Returns the count including this hit, or
 * `null` when the limit was already reached (nothing is recorded then). Reserve before doing the costly or
 * guessable work, and `releaseHit` when the attempt turns out not to count (a right password).
 */
export async function reserveHit(
  db: Database,
  key: string,
  windowSec: number,
  max: number,
  now = new Date(),
): Promise<number | null> {
  const windowEndsBefore = sql`${new Date(now.getTime() - windowSec * 1000).toISOString()}::timestamptz`
  const nowParam = sql`${now.toISOString()}::timestamptz`
  const expired = sql`${rateLimitCounters.windowStart} <= ${windowEndsBefore}`
  const rows = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${nowParam} else ${rateLimitCounters.windowStart} end`,
      },
      setWhere: sql`${expired} or ${rateLimitCounters.count} < ${max}`,
    })
    .returning({ count: rateLimitCounters.count })
  return rows[0]?.count ?? null
}

/** Gives back one reserved hit (never below zero), in one statement. */
export async function releaseHit(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
    .where(eq(rateLimitCounters.key, key))
}

/** Seconds until the key's current window ends (0 when it has none): the Retry-After of a throttled reply. */
export async function secondsUntilWindowEnds(
  db: Database,
  key: string,
  windowSec: number,
  now = new Date(),
): Promise<number> {
  const row = await liveWindow(db, key, windowSec, now)
  return row ? Math.ceil((row.windowStart.getTime() + windowSec * 1000 - now.getTime()) / 1000) : 0
}

/** Forgets the key's hits (a successful sign-in clears its account's failures). */
export async function resetCounter(db: Database, key: string): Promise<void> {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key))
}

function isExpired(windowStart: Date, windowSec: number, now: Date): boolean {
  return windowStart.getTime() <= now.getTime() - windowSec * 1000
}

/** One counter of reserveHits: its key, window and limit. */
export interface HitReservation {
  key: string
  windowSec: number
  max: number
}

/**
 * reserveHit for several keys in one statement (one multi-row conditional upsert): each key gets the same
 * all-or-nothing reservation as reserveHit, the whole costs one round trip. Returns, in the order given, each
 * count including this hit, or null where that key's limit was already reached. Keys must be distinct.
 *
 * The rows are written, and so locked, in the order of their keys, as settleHits locks them: two statements
 * that share keys then never each hold one the other waits for (PostgreSQL would end one with "deadlock
 * detected" after a second's wait).
 */
export async function reserveHits(
  db: Database,
  reservations: readonly HitReservation[],
  now = new Date(),
): Promise<(number | null)[]> {
  if (reservations.length === 0) return []
  const nowParam = sql`${now.toISOString()}::timestamptz`
  const byKey = (values: (reservation: HitReservation) => ReturnType<typeof sql>) =>
    sql`case ${rateLimitCounters.key} ${sql.join(
      reservations.map((reservation) => sql`when ${reservation.key} then ${values(reservation)}`),
      sql` `,
    )} end`
  const windowEndsBefore = byKey(
    (reservation) =>
      sql`${new Date(now.getTime() - reservation.windowSec * 1000).toISOString()}::timestamptz`,
  )
  const expired = sql`${rateLimitCounters.windowStart} <= ${windowEndsBefore}`
  const max = byKey((reservation) => sql`${reservation.max}::integer`)
  const rows = await db
    .insert(rateLimitCounters)
    .values(
      inLockOrder(reservations.map(({ key }) => key)).map((key) => ({ key, windowStart: now, count: 1 })),
    )
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${nowParam} else ${rateLimitCounters.windowStart} end`,
      },
      setWhere: sql`${expired} or ${rateLimitCounters.count} < ${max}`,
    })
    .returning({ key: rateLimitCounters.key, count: rateLimitCounters.count })
  const counts = new Map(rows.map((row) => [row.key, row.count]))
  return reservations.map(({ key }) => counts.get(key) ?? null)
}

/**
 * Settles reserved hits in one statement: the `reset` keys are forgotten (resetCounter) and the `release` keys
 * get their hit back (releaseHit). A key belongs in one list only.
 *
 * The statement first locks every row it touches in the order of their keys, as reserveHits writes them: a
 * delete or an update alone would lock them in whatever order it finds them, and a sign-in settling its counters
 * while another reserves the same ones could each wait for the other.
 */
export async function settleHits(
  db: Database,
  keys: { reset: readonly string[]; release: readonly string[] },
): Promise<void> {
  const { reset, release } = keys
  if (reset.length === 0 && release.length === 0) return
  const keyList = (list: readonly string[]) =>
    sql.join(
      list.map((key) => sql`${key}`),
      sql`, `,
    )
  const key = rateLimitCounters.key
  // The embedded database runs one statement at a time: no other can hold a counter this one waits for, and
  // the locking step would only cost it a plan (sign-in 0.52 against 0.49 of argon2's rate without it there).
  const lockFirst = !isEmbeddedDatabase(db)
  const among = (list: readonly string[]) => {
    if (list.length === 0) return sql`false`
    return lockFirst
      ? sql`${key} in (select locked.key from locked where locked.key in (${keyList(list)}))`
      : sql`${key} in (${keyList(list)})`
  }
  const lock = lockFirst
    ? sql`locked as (
        select ${key} as key from ${rateLimitCounters}
        where ${key} in (${keyList([...reset, ...release])})
        order by ${key} collate "C" for update
      ),`
    : sql``
  await db.execute(sql`
    with ${lock} reset as (delete from ${rateLimitCounters} where ${among(reset)})
    update ${rateLimitCounters} set ${sql.identifier('count')} = greatest(${rateLimitCounters.count} - 1, 0)
    where ${among(release)}`)
}

/**
 * The order in which statements that touch several counters lock them: by key, compared unit by unit, as
 * `collate "C"` compares them in the database (keys are ASCII but for a login's own letters).
 */
function inLockOrder(keys: readonly string[]): string[] {
  return [...keys].sort()
}
