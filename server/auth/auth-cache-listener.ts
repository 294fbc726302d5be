import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { Database } from '../db/database'
import type { AuthCache } from './auth-cache'

/** The channel the triggers of migration 0019 notify on. */
export const AUTH_CACHE_CHANNEL = 'auth_cache'
/** How long to wait before listening again after the PostgreSQL connection broke. */
const RECONNECT_DELAY_MS = 1000

interface Logger {
  warn: (message: string) => void
}

/**
 * Feeds the database's auth_cache notifications to the cache and returns how to stop. On PGlite (one process
 * owns the database) the notification is delivered while the changing statement is being answered. On
 * PostgreSQL a connection of its own listens; while it is down the cache keeps nothing (so no instance can miss a
 * revocation), and it reconnects after a second.
 */
export async function listenForAuthChanges(
  db: Database,
  cache: AuthCache,
  log: Logger,
): Promise<() => Promise<void>> {
  if (cache.ttlMs <= 0) return async () => {}
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client
  if (client instanceof pg.Pool) return listenOnPostgres(client, cache, log)
  const stop = await client.listen(AUTH_CACHE_CHANNEL, (payload) => cache.invalidate(payload))
  cache.setListening(true)
  return async () => {
    cache.setListening(false)
    await stop()
  }
}

async function listenOnPostgres(pool: pg.Pool, cache: AuthCache, log: Logger): Promise<() => Promise<void>> {
  let stopped = false
  let current: pg.Client | null = null
  let retry: NodeJS.Timeout | null = null

  const connect = async (): Promise<void> => {
    retry = null
    if (stopped) return
    const client = new pg.Client(pool.options)
    const broke = (error?: Error) => {
      if (current !== client) return
      current = null
      cache.setListening(false)
      client.removeAllListeners()
      client.on('error', () => {})
      void client.end().catch(() => {})
      if (stopped) return
      log.warn(`auth cache: notifications lost (${error?.message ?? 'connection ended'}), caching paused`)
      retry = setTimeout(() => void connect(), RECONNECT_DELAY_MS)
    }
    current = client
    client.on('error', broke)
    client.on('end', () => broke())
    client.on('notification', (message) => cache.invalidate(message.payload ?? ''))
    try {
      await client.connect()
      await client.query(`LISTEN ${AUTH_CACHE_CHANNEL}`)
      // Whatever changed while nobody listened is unknown: the cache starts empty.
      if (current === client && !stopped) cache.setListening(true)
    } catch (error) {
      broke(error instanceof Error ? error : new Error(String(error)))
    }
  }

  await connect()
  return async () => {
    stopped = true
    if (retry) clearTimeout(retry)
    cache.setListening(false)
    const client = current
    current = null
    if (client) {
      client.removeAllListeners()
      client.on('error', () => {})
      await client.end().catch(() => {})
    }
  }
}
