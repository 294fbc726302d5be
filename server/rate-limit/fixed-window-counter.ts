import { eq, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../db/database'
import { isEmbeddedDatabase } from '../db/pglite-client'
import { preparedSql, preparedStatement } from '../db/prepared-statement'
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

/** The statement of reserveHits for `count` keys, its values given by placeholders (reserveHits names them). */
function buildReserveStatement(db: Database, count: number) {
  const indexes = Array.from({ length: count }, (_, index) => index)
  const byKey = (values: (index: number) => SQL) =>
    sql`case ${rateLimitCounters.key} ${sql.join(
      indexes.map((index) => sql`when ${sql.placeholder(`key${index}`)} then ${values(index)}`),
      sql` `,
    )} end`
  const windowEndsBefore = byKey((index) => sql`${sql.placeholder(`windowEndsBefore${index}`)}::timestamptz`)
  const expired = sql`${rateLimitCounters.windowStart} <= ${windowEndsBefore}`
  const max = byKey((index) => sql`${sql.placeholder(`max${index}`)}::integer`)
  const nowParam = sql`${sql.placeholder('nowText')}::timestamptz`
  return db
    .insert(rateLimitCounters)
    .values(
      indexes.map((index) => ({
        key: sql.placeholder(`rowKey${index}`),
        windowStart: sql.placeholder('now'),
        count: 1,
      })),
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
    .prepare(`reserve_hits_${count}`)
}

/** reserveHits' statements by their number of keys, each prepared once per database handle. */
const reserveStatements = new Map<number, (db: Database) => ReturnType<typeof buildReserveStatement>>()

function reserveStatementOf(count: number) {
  let statement = reserveStatements.get(count)
  if (statement === undefined) {
    statement = preparedStatement((db) => buildReserveStatement(db, count))
    reserveStatements.set(count, statement)
  }
  return statement
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
  // Raw SQL parameters are passed as ISO strings: both drivers read those the same way.
  const values: Record<string, unknown> = { now, nowText: now.toISOString() }
  inLockOrder(reservations.map(({ key }) => key)).forEach((key, index) => {
    values[`rowKey${index}`] = key
  })
  reservations.forEach((reservation, index) => {
    values[`key${index}`] = reservation.key
    values[`windowEndsBefore${index}`] = new Date(now.getTime() - reservation.windowSec * 1000).toISOString()
    values[`max${index}`] = reservation.max
  })
  const rows = await reserveStatementOf(reservations.length)(db).execute(values)
  const counts = new Map(rows.map((row) => [row.key, row.count]))
  return reservations.map(({ key }) => counts.get(key) ?? null)
}

/**
 * The statement of settleHits for `reset` and `release` keys given by the placeholders named here (reset0...,
 * release0...); `lockFirst` adds the locking step.
 */
function buildSettleStatement(resetCount: number, releaseCount: number, lockFirst: boolean): SQL {
  const names = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, index) => `${prefix}${index}`)
  const reset = names('reset', resetCount)
  const release = names('release', releaseCount)
  const keyList = (list: readonly string[]) =>
    sql.join(
      list.map((name) => sql`${sql.placeholder(name)}`),
      sql`, `,
    )
  const key = rateLimitCounters.key
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
  return sql`
    with ${lock} reset as (delete from ${rateLimitCounters} where ${among(reset)})
    update ${rateLimitCounters} set ${sql.identifier('count')} = greatest(${rateLimitCounters.count} - 1, 0)
    where ${among(release)}`
}

/** settleHits' statements by their shape, each prepared once per database handle. */
const settleStatements = new Map<string, ReturnType<typeof preparedSql>>()

function settleStatementOf(resetCount: number, releaseCount: number, lockFirst: boolean) {
  const name = `settle_hits_${resetCount}_${releaseCount}${lockFirst ? '_locked' : ''}`
  let statement = settleStatements.get(name)
  if (statement === undefined) {
    statement = preparedSql(name, () => buildSettleStatement(resetCount, releaseCount, lockFirst))
    settleStatements.set(name, statement)
  }
  return statement
}

/**
 * Settles reserved hits in one statement: the `reset` keys are forgotten (resetCounter) and the `release` keys
 * get their hit back (releaseHit). A key belongs in one list only.
 *
 * The statement first locks every row it touches in the order of their keys, as reserveHits writes them: a
 * delete or an update alone would lock them in whatever order it finds them, and a sign-in settling its counters
 * while another reserves the same ones could each wait for the other. The embedded database runs one statement
 * at a time: no other can hold a counter this one waits for, and the locking step would only cost it a plan
 * (sign-in 0.52 against 0.49 of argon2's rate without it there).
 */
export async function settleHits(
  db: Database,
  keys: { reset: readonly string[]; release: readonly string[] },
): Promise<void> {
  const { reset, release } = keys
  if (reset.length === 0 && release.length === 0) return
  const values: Record<string, unknown> = {}
  reset.forEach((key, index) => {
    values[`reset${index}`] = key
  })
  release.forEach((key, index) => {
    values[`release${index}`] = key
  })
  await settleStatementOf(reset.length, release.length, !isEmbeddedDatabase(db))(db).execute(values)
}

/**
 * The order in which statements that touch several counters lock them: by key, compared unit by unit, as
 * `collate "C"` compares them in the database (keys are ASCII but for a login's own letters).
 */
function inLockOrder(keys: readonly string[]): string[] {
  return [...keys].sort()
}
