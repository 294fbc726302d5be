import type { Membership } from '../access/company-access'
import type { users } from '../db/schema'

/** What a session check yields: the session's user and, for support acting as them, support's own session. */
export interface TokenUser {
  user: typeof users.$inferSelect
  switchedFromSessionId: string | null
}

interface Entry<T> {
  storedAt: number
  value: T
}

/** A cache that grows past this many entries starts again empty: a bound on memory, not a policy. */
const MAX_ENTRIES = 20_000

/**
 * Per-process memory of the two questions every authenticated request asks the database: does this session
 * still stand (with its user), and what is this user's place in this company. An answer is reused for at most
 * `ttlMs` (AUTH_CACHE_TTL_MS); a change to what it was built from drops it before that, as soon as the
 * database's notification arrives (server/auth/auth-cache-listener.ts, migration 0019): on PGlite within the
 * statement that made the change, on PostgreSQL within the notification's trip to each instance.
 *
 * Only positive answers are kept: a refused token or a missing membership is asked again every time. An answer
 * read from the database while any invalidation arrived is not stored (the generation check), so a revocation
 * racing with a read cannot be overwritten by the stale row that read saw. While the process is not listening
 * (no notification channel, or it broke) nothing is cached at all.
 */
export class AuthCache {
  private readonly sessions = new Map<string, Entry<TokenUser>>()
  private readonly memberships = new Map<string, Entry<Membership>>()
  private generation = 0
  private listening = false

  constructor(
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True while answers may be kept: a positive TTL and a live notification channel. */
  get active(): boolean {
    return this.ttlMs > 0 && this.listening
  }

  /** Called by the listener: caching starts when notifications can arrive and stops (emptied) when they cannot. */
  setListening(listening: boolean): void {
    if (!listening) this.clear()
    this.listening = listening
  }

  /** Taken before a database read whose answer will be stored; store with the same value. */
  mark(): number {
    return this.generation
  }

  session(sessionId: string): TokenUser | undefined {
    return this.fresh(this.sessions, sessionId)
  }

  storeSession(sessionId: string, value: TokenUser, mark: number): void {
    this.store(this.sessions, sessionId, value, mark)
  }

  membership(userId: number, companyId: number): Membership | undefined {
    return this.fresh(this.memberships, `${userId}:${companyId}`)
  }

  storeMembership(userId: number, membership: Membership, mark: number): void {
    this.store(this.memberships, `${userId}:${membership.companyId}`, membership, mark)
  }

  /** Forgets what a notification names: `s:<session id>`, `u:<user id>` or `c:<company id>`; anything else, all. */
  invalidate(payload: string): void {
    this.generation++
    const separator = payload.indexOf(':')
    const kind = payload.slice(0, separator)
    const id = payload.slice(separator + 1)
    if (kind === 's') {
      this.sessions.delete(id)
      // Ending support's own session ends what they opened as others.
      for (const [key, entry] of this.sessions) {
        if (entry.value.switchedFromSessionId === id) this.sessions.delete(key)
      }
    } else if (kind === 'u' && /^\d+$/.test(id)) {
      const userId = Number(id)
      for (const [key, entry] of this.sessions) {
        if (entry.value.user.id === userId) this.sessions.delete(key)
      }
      for (const key of this.memberships.keys()) {
        if (key.startsWith(`${userId}:`)) this.memberships.delete(key)
      }
    } else if (kind === 'c' && /^\d+$/.test(id)) {
      for (const key of this.memberships.keys()) {
        if (key.endsWith(`:${id}`)) this.memberships.delete(key)
      }
    } else {
      this.clear()
    }
  }

  clear(): void {
    this.generation++
    this.sessions.clear()
    this.memberships.clear()
  }

  private fresh<T>(map: Map<string, Entry<T>>, key: string): T | undefined {
    if (!this.active) return undefined
    const entry = map.get(key)
    if (!entry) return undefined
    if (this.now() - entry.storedAt >= this.ttlMs) {
      map.delete(key)
      return undefined
    }
    return entry.value
  }

  private store<T>(map: Map<string, Entry<T>>, key: string, value: T, mark: number): void {
    if (!this.active || mark !== this.generation) return
    if (map.size >= MAX_ENTRIES) map.clear()
    map.set(key, { storedAt: this.now(), value })
  }
}
