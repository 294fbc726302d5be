import { and, asc, ilike, ne, not, or, sql } from 'drizzle-orm'
import type { SwitchCandidate } from '../../contract/auth/account-switching-schemas'
import type { Database } from '../db/database'
import { users } from '../db/schema'
import { HttpError } from '../http/http-error'
import { maySwitchUser } from './switch-user'

type User = typeof users.$inferSelect

/** At most this many accounts answer one search: support narrows the query rather than scrolls. */
export const SWITCH_CANDIDATES_LIMIT = 20

/** `%` and `_` in what support typed are letters, not patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`)

/**
 * The accounts support may sign in as whose name, e-mail or phone contains the query: never the searcher, and
 * a superuser only for another superuser (as issueSwitchToken allows).
 */
export async function findSwitchCandidates(
  db: Database,
  issuer: User,
  query: string,
): Promise<SwitchCandidate[]> {
  if (!maySwitchUser(issuer)) throw new HttpError(403, /*i18n*/ 'You may not sign in as another user')
  const pattern = `%${escapeLike(query)}%`
  const digits = query.replace(/\D/g, '')
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(
      and(
        ne(users.id, issuer.id),
        issuer.pageFlags.includes('superuser') ? undefined : not(sql`'superuser' = ANY(${users.pageFlags})`),
        or(
          ilike(users.name, pattern),
          ilike(users.email, pattern),
          digits.length >= 3 ? ilike(users.phone, `%${digits}%`) : undefined,
        ),
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(SWITCH_CANDIDATES_LIMIT)
  return rows
}
