import { createHmac, randomBytes } from 'node:crypto'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { readingKeys, type DataKeys } from '../auth/data-keys'
import type { Database } from '../db/database'
import { twoFactorRecoveryCodes } from '../db/schema'

/** How many recovery codes a user gets with the authenticator app. */
export const RECOVERY_CODE_COUNT = 10
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** Ten characters from a 31-letter alphabet (about 50 bits), written as two groups: "k7m2p-x9qrt". */
function newRecoveryCode(): string {
  const bytes = randomBytes(10)
  const letters = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join('')
  return `${letters.slice(0, 5)}-${letters.slice(5)}`
}

/** Codes are compared without dashes, spaces or case, so the user may type them as they like. */
const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, '')

/** Keyed by the data key: an offline search of the table is as hopeless as guessing online. */
function hashRecoveryCode(dataKey: string, code: string): string {
  return createHmac('sha256', dataKey)
    .update(`recovery\u0000${normalise(code)}`)
    .digest('hex')
}

/** True for text shaped like a recovery code rather than a 6-digit one-time code. */
export const looksLikeRecoveryCode = (code: string) =>
  /^[a-z0-9]{10}$/.test(normalise(code)) && !/^\d+$/.test(code)

/** Replaces the user's recovery codes by a fresh set and returns them; they are never shown again. */
export async function replaceRecoveryCodes(db: Database, keys: DataKeys, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId))
  await db
    .insert(twoFactorRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(keys.current, code) })))
  return codes
}

/** Uses up one recovery code; true when it was valid and unused. One conditional UPDATE, so it works once. */
export async function useRecoveryCode(
  db: Database,
  keys: DataKeys,
  userId: number,
  code: string,
): Promise<boolean> {
  const [used] = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        // Codes made before a key rotation still work while the previous key is configured.
        inArray(
          twoFactorRecoveryCodes.codeHash,
          readingKeys(keys).map((dataKey) => hashRecoveryCode(dataKey, code)),
        ),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id })
  return used !== undefined
}
