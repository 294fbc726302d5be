import { eq } from 'drizzle-orm'
import type { ParentToken } from '../../contract/embedding/schemas'
import { issueAccessToken } from '../auth/access-tokens'
import { startSession } from '../auth/sessions'
import type { Config } from '../config'
import type { Database } from '../db/database'
import { authSessions } from '../db/schema'
import { reserveHit, secondsUntilWindowEnds } from '../rate-limit/fixed-window-counter'

/** How many parent tokens one user may obtain per window: a registration needs one, a retry or two more. */
export const PARENT_TOKEN_LIMIT = 10
export const PARENT_TOKEN_WINDOW_SEC = 15 * 60

type ParentTokenConfig = Pick<
  Config,
  | 'JWT_SECRET'
  | 'PUBLIC_ORIGIN'
  | 'ACCESS_TOKEN_TTL_SEC'
  | 'REFRESH_TOKEN_TTL_SEC'
  | 'REFRESH_REUSE_GRACE_SEC'
>

export type ParentTokenResult =
  | { kind: 'issued'; token: ParentToken }
  | { kind: 'throttled'; retryAfterSec: number }
  /** The asking session is itself one opened for a parent: its token cannot renew itself so. */
  | { kind: 'from-parent-session' }

/**
 * Opens a separate session of the same user for the admin application and answers the bearer token of it.
 * The frame then logs its own session out, and the parent's token keeps working because it belongs to a
 * session the logout does not touch. Only the short-lived access token leaves the server: the parent
 * never holds a refresh token of ours. Each request counts against a per-user limit before anything is
 * opened, and a session opened so cannot ask for another, so a stolen token cannot mint sessions without end: a
 * parent's token ends with its access token's lifetime.
 */
export async function issueParentToken(
  db: Database,
  config: ParentTokenConfig,
  input: { userId: number; sessionId: string; parentOrigin: string; ip: string },
): Promise<ParentTokenResult> {
  const [asking] = await db
    .select({ parentOrigin: authSessions.parentOrigin })
    .from(authSessions)
    .where(eq(authSessions.id, input.sessionId))
  if (asking?.parentOrigin != null) return { kind: 'from-parent-session' }
  const key = `embedding:parent-token:user:${input.userId}`
  if ((await reserveHit(db, key, PARENT_TOKEN_WINDOW_SEC, PARENT_TOKEN_LIMIT)) === null) {
    return {
      kind: 'throttled',
      retryAfterSec: await secondsUntilWindowEnds(db, key, PARENT_TOKEN_WINDOW_SEC),
    }
  }
  const session = await startSession(db, config, {
    userId: input.userId,
    // The session list then shows which admin application holds this session.
    userAgent: `admin application ${input.parentOrigin}`,
    ip: input.ip,
    parentOrigin: input.parentOrigin,
  })
  const access = await issueAccessToken(config, { userId: input.userId, sessionId: session.sessionId })
  return {
    kind: 'issued',
    token: { access_token: access.token, token_type: 'Bearer', expires_in: config.ACCESS_TOKEN_TTL_SEC },
  }
}
