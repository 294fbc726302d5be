import { integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core'
import { instant } from './columns'

/**
 * Single-use confirmation codes (registration, password reset, second factor). Only an HMAC of the code is
 * stored. One live code per purpose and subject: a resend replaces it, which also resets its attempts.
 */
export const confirmationCodes = pgTable(
  'confirmation_codes',
  {
    id: serial('id').primaryKey(),
    /** What the code confirms: 'onboarding', 'password_reset', 'login_2fa', ... */
    purpose: text('purpose').notNull(),
    /** Whose code it is within the purpose: a progress id, a normalised contact, a 2FA session uuid. */
    subject: text('subject').notNull(),
    codeHash: text('code_hash').notNull(),
    attemptsLeft: integer('attempts_left').notNull(),
    expiresAt: instant('expires_at').notNull(),
    resendAvailableAt: instant('resend_available_at').notNull(),
    consumedAt: instant('consumed_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [unique('confirmation_codes_purpose_subject').on(table.purpose, table.subject)],
)
