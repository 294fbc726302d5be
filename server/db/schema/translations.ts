import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { instant } from './columns'

/**
 * Missing translation keys reported by translators' apps (SPEC.md section 6): one row per language and message
 * id, counted. Not a company's data: the catalogs are the product's.
 */
export const missingTranslationKeys = pgTable(
  'missing_translation_keys',
  {
    language: text('language').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull().default(1),
    firstSeenAt: instant('first_seen_at').notNull().defaultNow(),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    /** The user whose report came last (no foreign key: the list outlives accounts). */
    lastReportedBy: integer('last_reported_by'),
  },
  (table) => [primaryKey({ columns: [table.language, table.key] })],
)
