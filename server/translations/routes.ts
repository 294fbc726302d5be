import { asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { missingKeysReportSchema } from '../../contract/i18n/missing-keys-schemas'
import { THROTTLED_MESSAGE } from '../auth/routes'
import type { Database } from '../db/database'
import { missingTranslationKeys, users } from '../db/schema'
import { authenticate, requireAuth } from '../http/authenticate'
import { success } from '../http/envelope'
import { HttpError } from '../http/http-error'
import { validate } from '../http/validate'
import { recordHit } from '../rate-limit/fixed-window-counter'
import { recordSecurityEvent } from '../security-log/record-security-event'

/** Reports one user may send in a minute: an app sends a batch at most every few seconds. */
export const MISSING_KEY_REPORTS_PER_MINUTE = 30

/** Refuses (403) a user without the translator page flag (SPEC.md section 6). */
async function requireTranslator(db: Database, request: FastifyRequest): Promise<number> {
  const { userId } = requireAuth(request)
  const [user] = await db.select({ pageFlags: users.pageFlags }).from(users).where(eq(users.id, userId))
  if (!user?.pageFlags.includes('translator'))
    throw new HttpError(403, /*i18n*/ 'only translators see translation keys')
  return userId
}

/**
 * Missing translation keys (SPEC.md sections 6 and 8): a translator's app reports the keys it showed without a
 * translation, and the translator's page lists them per language. Company-free: the catalogs are the product's.
 */
export async function translationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app

  app.post('/translations/missing', { preHandler: authenticate }, async (request) => {
    const userId = await requireTranslator(db, request)
    const { keys } = validate(missingKeysReportSchema, request.body)
    if ((await recordHit(db, `translations:missing:${userId}`, 60)) > MISSING_KEY_REPORTS_PER_MINUTE)
      throw new HttpError(429, THROTTLED_MESSAGE, { retryAfterSec: 60 })
    const unique = [...new Map(keys.map((item) => [`${item.language}\u0004${item.key}`, item])).values()]
    // One upsert: concurrent reports of the same key are all counted, never duplicated.
    const rows = await db
      .insert(missingTranslationKeys)
      .values(unique.map((item) => ({ language: item.language, key: item.key, lastReportedBy: userId })))
      .onConflictDoUpdate({
        target: [missingTranslationKeys.language, missingTranslationKeys.key],
        set: {
          count: sql`${missingTranslationKeys.count} + 1`,
          lastSeenAt: sql`now()`,
          lastReportedBy: userId,
        },
      })
      .returning({ count: missingTranslationKeys.count })
    const added = rows.filter((row) => row.count === 1).length
    await recordSecurityEvent(db, {
      action: 'missing_translation_keys_reported',
      actorUserId: userId,
      targetUserId: userId,
      ip: request.ip,
      details: { keys: unique.length, added, languages: [...new Set(unique.map((item) => item.language))] },
    })
    return success({ added })
  })

  app.get('/translations/missing', { preHandler: authenticate }, async (request) => {
    await requireTranslator(db, request)
    const rows = await db
      .select()
      .from(missingTranslationKeys)
      .orderBy(asc(missingTranslationKeys.language), asc(missingTranslationKeys.key))
    return success(
      rows.map((row) => ({
        language: row.language,
        key: row.key,
        count: row.count,
        first_seen: row.firstSeenAt.toISOString(),
        last_seen: row.lastSeenAt.toISOString(),
      })),
    )
  })
}
