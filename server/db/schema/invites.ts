import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { companies, positions, staff, users } from './core'

/**
 * Invitations to join a company. The link carries a random token (256 bits); only its SHA-256 is stored, so
 * a leaked table cannot be turned into working links. An invite is single use: accepted_at (or revoked_at)
 * ends it, and it expires at expires_at.
 */
export const invites = pgTable(
  'invites',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    tokenHash: text('token_hash').notNull().unique(),
    /** Digits only, E.164 without the leading '+'. */
    phone: text('phone'),
    /** Lower-case. */
    email: text('email'),
    /** A company role of src/api/access/role-presets.ts. */
    role: text('role').notNull(),
    positionId: integer('position_id').references(() => positions.id),
    /** The staff member whose sign-in this invitation becomes: accepting links the user to them. */
    staffId: integer('staff_id').references(() => staff.id),
    invitedByUserId: integer('invited_by_user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: instant('expires_at').notNull(),
    acceptedAt: instant('accepted_at'),
    acceptedByUserId: integer('accepted_by_user_id').references(() => users.id),
    revokedAt: instant('revoked_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('invites_company_idx').on(table.companyId),
    index('invites_phone_idx').on(table.phone),
    index('invites_email_idx').on(table.email),
  ],
)
