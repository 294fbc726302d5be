import { eq, isNotNull } from 'drizzle-orm'
import type { Database } from '../db/database'
import { userSecurity } from '../db/schema'
import type { DataKeys } from './data-keys'
import { seal, unsealWithAge } from './secret-box'

/**
 * The second step of a data key rotation: seals every authenticator-app secret that is still sealed under the
 * previous key again under the current one, so that the previous key can then be dropped. Secrets being set up
 * live ten minutes and are left to expire. Each row is one conditional UPDATE on the value it read, so a
 * concurrent change of the same secret wins and is never overwritten.
 */
export async function resealSecrets(
  db: Database,
  keys: DataKeys,
): Promise<{ resealed: number; current: number; unreadable: number }> {
  const counts = { resealed: 0, current: 0, unreadable: 0 }
  const rows = await db
    .select({ userId: userSecurity.userId, sealed: userSecurity.totpSecretSealed })
    .from(userSecurity)
    .where(isNotNull(userSecurity.totpSecretSealed))
  for (const row of rows) {
    const opened = row.sealed === null ? null : unsealWithAge(keys, row.sealed)
    if (!opened) counts.unreadable++
    else if (!opened.underPreviousKey) counts.current++
    else {
      const updated = await db
        .update(userSecurity)
        .set({ totpSecretSealed: seal(keys, opened.plain) })
        .where(eq(userSecurity.totpSecretSealed, row.sealed!))
        .returning({ userId: userSecurity.userId })
      if (updated.length > 0) counts.resealed++
    }
  }
  return counts
}
