import { sql } from 'drizzle-orm'
import { bigint, index, integer, jsonb, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { companies, users } from './core'

/**
 * A user's second-factor setting. two_factor is 'off', 'email' (a code by e-mail at every sign-in) or 'totp'
 * (an authenticator app); totp_secret is set once the app has been confirmed, sealed with the server key.
 */
export const userSecurity = pgTable('user_security', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  twoFactor: text('two_factor', { enum: ['off', 'email', 'totp'] })
    .notNull()
    .default('off'),
  totpSecretSealed: text('totp_secret_sealed'),
  /** The last TOTP time step accepted: a code works once, so a step at or before it is refused. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  updatedAt: instant('updated_at').notNull().defaultNow(),
})

/**
 * A company setting: which members must sign in with a second factor (by e-mail unless they chose the app):
 * 'nobody', 'managers' (members whose role is owner or manager) or 'everyone'.
 */
export const companySecurity = pgTable('company_security', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  twoFactorRequiredFor: text('two_factor_required_for', { enum: ['nobody', 'managers', 'everyone'] })
    .notNull()
    .default('nobody'),
  updatedAt: instant('updated_at').notNull().defaultNow(),
})

/**
 * A sign-in waiting for its second factor (SPEC.md: login confirmation session). The first factor has been
 * checked; the uuid stands for it until the code is verified. flow: 'login' (a code or the app),
 * 'totp_setup' (the app must be set up first) or 'switch_user'. Refreshing replaces the row by a new one.
 */
export const loginConfirmationSessions = pgTable(
  'login_confirmation_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    flow: text('flow', { enum: ['login', 'totp_setup', 'switch_user'] }).notNull(),
    method: text('method', { enum: ['email', 'totp'] }).notNull(),
    redirectUrl: text('redirect_url'),
    /** For flow switch_user: the switch token row this confirmation unlocks. */
    switchTokenId: integer('switch_token_id'),
    /** A secret being set up (flow totp_setup), sealed; it becomes the user's once a code confirms it. */
    pendingTotpSecretSealed: text('pending_totp_secret_sealed'),
    /** Wrong TOTP or recovery codes left; e-mail codes count their attempts in confirmation_codes. */
    attemptsLeft: integer('attempts_left').notNull(),
    expiresAt: instant('expires_at').notNull(),
    /** When the session may be refreshed (a new e-mail code). */
    refreshAvailableAt: instant('refresh_available_at').notNull(),
    endedAt: instant('ended_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [index('login_confirmation_sessions_user_idx').on(table.userId)],
)

/** Single-use recovery codes for the authenticator app, stored as SHA-256; shown to the user only once. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: instant('used_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [index('two_factor_recovery_codes_user_idx').on(table.userId)],
)

/** A token that lets its holder set a new password once, after a reset code was confirmed. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  /** The normalised contact the code went to: the token only works together with it. */
  contact: text('contact').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
  createdAt: instant('created_at').notNull().defaultNow(),
})

/**
 * Accounts remembered on one device for the sign-in screen. The browser keeps the tokens in an HttpOnly
 * cookie; the server keeps their hashes bound to the device id cookie, so a copied token list is useless
 * on another device. A remembered account only fills in the login: the password is still needed.
 */
export const fastLoginUsers = pgTable(
  'fast_login_users',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    deviceIdHash: text('device_id_hash').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: instant('created_at').notNull().defaultNow(),
    revokedAt: instant('revoked_at'),
  },
  (table) => [index('fast_login_users_device_idx').on(table.deviceIdHash)],
)

/** Short-lived single-use tokens with which the superuser or support staff sign in as another user. */
export const switchUserTokens = pgTable('switch_user_tokens', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  issuedByUserId: integer('issued_by_user_id')
    .notNull()
    .references(() => users.id),
  targetUserId: integer('target_user_id')
    .notNull()
    .references(() => users.id),
  /** The issuer's own session: the switched session returns to it. */
  issuedBySessionId: uuid('issued_by_session_id'),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
  createdAt: instant('created_at').notNull().defaultNow(),
})

/**
 * Security events that must be answerable later (who signed in as whom, and when). company_id is set when the
 * event belongs to one company and null for account-wide events such as switching user.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id),
    actorUserId: integer('actor_user_id').references(() => users.id),
    action: text('action').notNull(),
    targetUserId: integer('target_user_id').references(() => users.id),
    ip: text('ip'),
    details: jsonb('details')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [index('audit_log_actor_idx').on(table.actorUserId)],
)

/** A user's link to a Facebook account, found by the provider's user id at Facebook sign-in. */
export const facebookAccounts = pgTable('facebook_accounts', {
  facebookUserId: text('facebook_user_id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  createdAt: instant('created_at').notNull().defaultNow(),
})
