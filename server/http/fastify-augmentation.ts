import type { AuthCache } from '../auth/auth-cache'
import type { Config } from '../config'
import type { Database } from '../db/database'
import type { Delivery } from '../delivery/message'
import type { users } from '../db/schema'
import type { RouteAccessEntry } from './route-access'

/** Who made an authenticated request: set by the authenticate preHandler. */
export interface RequestAuth {
  userId: number
  sessionId: string
  /** Seconds since the epoch at which the presented access token expires. */
  tokenExpiresAt: number
  user: typeof users.$inferSelect
  /** Set when a support account acts as this user: the support account's own session. */
  switchedFromSessionId: string | null
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The database every route module works with. */
    db: Database
    config: Config
    /** Sends e-mail, SMS and calls (and, outside production, keeps a copy in the outbox). */
    delivery: Delivery
    /** Every API route with its access, recorded as routes are added (server/http/route-access.ts). */
    routeAccessTable: RouteAccessEntry[]
    /** Set when a shutdown begins, before the server stops accepting: readiness answers 503 from then on. */
    lifecycle: { draining: boolean }
    /** Sessions and memberships checked in the last few seconds (server/auth/auth-cache.ts). */
    authCache: AuthCache
  }
  interface FastifyRequest {
    /** Null until the authenticate preHandler has accepted the request's Bearer token. */
    auth: RequestAuth | null
  }
}
