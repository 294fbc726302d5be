import { eq } from 'drizzle-orm'
import type { Database } from '../db/database'
import { facebookAccounts, users } from '../db/schema'
import type { FacebookIdentity } from './facebook-provider'

/**
 * The account a verified Facebook identity signs in to: the one linked to it, or else the account with the
 * e-mail Facebook vouches for (which is then linked). An e-mail typed by the client is never trusted on its
 * own; when given, it must name the same account.
 */
export async function findFacebookUser(
  db: Database,
  identity: FacebookIdentity,
  typedEmail: string | undefined,
): Promise<typeof users.$inferSelect | undefined> {
  const [linked] = await db
    .select({ user: users })
    .from(facebookAccounts)
    .innerJoin(users, eq(users.id, facebookAccounts.userId))
    .where(eq(facebookAccounts.facebookUserId, identity.facebookUserId))
  let user = linked?.user
  if (!user && identity.email) {
    ;[user] = await db.select().from(users).where(eq(users.email, identity.email))
    if (user) {
      await db
        .insert(facebookAccounts)
        .values({ facebookUserId: identity.facebookUserId, userId: user.id })
        .onConflictDoNothing()
    }
  }
  if (user && typedEmail && typedEmail.trim().toLowerCase() !== user.email) return undefined
  return user
}
