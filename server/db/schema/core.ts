import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { instant } from './columns'

/**
 * People who can sign in. A user is not a business record, so it carries no company_id; the link to
 * companies lives in company_users.
 */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Stored lower-case so that sign-in is case-insensitive without a functional index. */
  email: text('email').unique(),
  /** Digits only, E.164 without the leading '+'. */
  phone: text('phone').unique(),
  passwordHash: text('password_hash').notNull(),
  userRole: text('user_role'),
  /**
   * The language the user last signed in or registered in (a prefix of contract/ui-languages.ts): what the server
   * writes to them in when a request names no language of its own (server/i18n/request-language.ts).
   */
  language: text('language'),
  /** Page flags of SPEC.md section 6: superuser, support_tech_user, top_user, translator. */
  pageFlags: text('page_flags')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Access tokens issued before this instant are refused. */
  passwordChangedAt: instant('password_changed_at').notNull().defaultNow(),
  createdAt: instant('created_at').notNull().defaultNow(),
})

/** Chains of companies (SPEC.md: a company's main_group_id). */
export const companyGroups = pgTable('company_groups', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
})

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  type: text('type', { enum: ['salon', 'group'] })
    .notNull()
    .default('salon'),
  mainGroupId: integer('main_group_id').references(() => companyGroups.id),
  countryId: integer('country_id').notNull(),
  timezone: text('timezone').notNull(),
  currencyShortTitle: text('currency_short_title').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
  /** The profile the owner keeps on the company's page: where the salon is and how clients call it. */
  address: text('address').notNull().default(''),
  cityId: integer('city_id'),
  /** E.164 digits without '+', as users.phone holds them; '' while none is given. */
  phone: text('phone').notNull().default(''),
  businessTypeId: integer('business_type_id'),
  /** Counts the profile's saves, so that a save from an older copy is refused rather than lost. */
  profileVersion: integer('profile_version').notNull().default(1),
  /**
   * The sites allowed to show the company's booking page in a frame (exact origins, contract/online-booking/
   * frame-origins.ts): the page's frame-ancestors and the only parents it posts to.
   */
  bookingFrameOrigins: text('booking_frame_origins')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
})

export const positions = pgTable(
  'positions',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    title: text('title').notNull(),
    /** 0: each employee has their own services; 1: everyone in the position shares them. */
    servicesBindingType: smallint('services_binding_type').notNull().default(0),
  },
  (table) => [
    index('positions_company_idx').on(table.companyId),
    // Two positions of one company with the same title would be indistinguishable in every list.
    uniqueIndex('positions_company_title_unique').on(table.companyId, sql`lower(${table.title})`),
  ],
)

/**
 * The company's appointment groups ("halls and departments"): each staff member works in at most one
 * (staff.record_group_id), and the rights limit restricted_record_group_id narrows a member to one group's staff.
 */
export const recordGroups = pgTable(
  'record_groups',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    title: text('title').notNull(),
    /** 0 live, 1 deleted: soft, because a member's rights may still name the group (docs/decisions.md). */
    deleted: smallint('deleted').notNull().default(0),
  },
  (table) => [
    index('record_groups_company_idx').on(table.companyId),
    // Two live groups of one company with the same title would be indistinguishable in the book and the rights.
    uniqueIndex('record_groups_company_title_unique')
      .on(table.companyId, sql`lower(${table.title})`)
      .where(sql`${table.deleted} = 0`),
  ],
)

/** Membership of a user in a company and the role the user holds there. */
export const companyUsers = pgTable(
  'company_users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** owner, manager, administrator, specialist, marketer, accountant (src/api/access/role-presets.ts). */
    userRole: text('user_role').notNull(),
    positionId: integer('position_id').references(() => positions.id),
    /** Changes to the role's preset rights that the owner saved for this member; null means the preset as is. */
    accessOverrides: jsonb('access_overrides'),
  },
  (table) => [
    unique('company_users_company_user_unique').on(table.companyId, table.userId),
    index('company_users_user_idx').on(table.userId),
  ],
)

export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    specialization: text('specialization').notNull().default(''),
    positionId: integer('position_id').references(() => positions.id),
    /** The appointment group (hall or department) the employee works in; none when null. */
    recordGroupId: integer('record_group_id').references(() => recordGroups.id),
    userId: integer('user_id').references(() => users.id),
    /** 0 not fired, 1 fired (SPEC.md section 3). */
    fired: smallint('fired').notNull().default(0),
    /** 0 enabled, 1 disabled. */
    hidden: smallint('hidden').notNull().default(0),
    weight: integer('weight').notNull().default(0),
    information: text('information').notNull().default(''),
    /** 0 hidden rating, 1 shown; rating, votes and comments come from client reviews. */
    showRating: smallint('show_rating').notNull().default(1),
    rating: integer('rating_x100').notNull().default(0),
    votesCount: integer('votes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    /** 0 not deleted, 1 deleted: deletion is soft so that history keeps its employee. */
    deleted: smallint('deleted').notNull().default(0),
    dateDismissal: date('date_dismissal', { mode: 'string' }),
    dismissalReason: text('dismissal_reason').notNull().default(''),
    scheduleTill: date('schedule_till', { mode: 'string' }),
    bookable: boolean('bookable').notNull().default(true),
    hasAccessTimetable: boolean('has_access_timetable').notNull().default(false),
    imageGroupId: integer('image_group_id'),
    /** The employee's notification settings (src/api/staff/schemas.ts staffNotificationsSchema). */
    notifications: jsonb('notifications'),
  },
  (table) => [index('staff_company_idx').on(table.companyId)],
)

export const serviceCategories = pgTable(
  'service_categories',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    title: text('title').notNull(),
    weight: integer('weight').notNull().default(0),
    apiId: text('api_id').notNull().default(''),
    bookingTitle: text('booking_title').notNull().default(''),
    /** 0 anyone, 1 men, 2 women. */
    sex: smallint('sex').notNull().default(0),
    isChain: boolean('is_chain').notNull().default(false),
    translations: jsonb('translations')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** 0 not deleted, 1 deleted: soft, because deleted services still point at their category. */
    deleted: smallint('deleted').notNull().default(0),
  },
  (table) => [
    index('service_categories_company_idx').on(table.companyId),
    // Two live categories of one name would be two identical choices in every category picker.
    uniqueIndex('service_categories_company_title_unique')
      .on(table.companyId, sql`lower(${table.title})`)
      .where(sql`${table.deleted} = 0`),
  ],
)

export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => serviceCategories.id),
    title: text('title').notNull(),
    priceMin: integer('price_min').notNull().default(0),
    priceMax: integer('price_max').notNull().default(0),
    /** Seconds. */
    duration: integer('duration').notNull(),
    active: smallint('active').notNull().default(1),
    weight: integer('weight').notNull().default(0),
    comment: text('comment').notNull().default(''),
    isOnline: boolean('is_online').notNull().default(true),
    /** Seconds after the service during which the specialist is not bookable. */
    technicalBreakDuration: integer('technical_break_duration').notNull().default(0),
    isComposite: boolean('is_composite').notNull().default(false),
    description: text('description').notNull().default(''),
    /** exec_order, pricing_type and price_discount_percent of a composite service; its links have their own table. */
    compositeSettings: jsonb('composite_settings'),
    isChain: boolean('is_chain').notNull().default(false),
    chainPriceMin: integer('chain_price_min'),
    chainPriceMax: integer('chain_price_max'),
    chainComment: text('chain_comment').notNull().default(''),
    isPriceManagedOnlyInChain: boolean('is_price_managed_only_in_chain').notNull().default(false),
    isCommentManagedOnlyInChain: boolean('is_comment_managed_only_in_chain').notNull().default(false),
    translations: jsonb('translations')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The rarely queried settings of SPEC.md section 3 (src/api/services/schemas.ts serviceOptionsSchema). */
    options: jsonb('options')
      .notNull()
      .default(sql`'{}'::jsonb`),
    imageGroupId: integer('image_group_id'),
    /** 0 not deleted, 1 deleted: soft, because records and links keep pointing at it. */
    deleted: smallint('deleted').notNull().default(0),
    /** Counts the saved changes, so that a save made from an older copy is told of the newer one. */
    version: integer('version').notNull().default(1),
    /**
     * The chain service this row is a salon's copy of (chain_services); null for the salon's own services. The
     * chain's fields (title, chain range and comment, the managed-only flags) follow that row.
     */
    chainServiceId: integer('chain_service_id').references(() => chainServices.id),
  },
  (table) => [
    index('services_company_idx').on(table.companyId),
    index('services_chain_service_idx').on(table.chainServiceId),
  ],
)

/**
 * A service of a chain's catalogue: one row per chain, copied into each linked salon's services (their
 * chain_service_id names it). It belongs to the chain, not to one salon, so it carries group_id in place of
 * company_id.
 */
export const chainServices = pgTable(
  'chain_services',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => companyGroups.id),
    title: text('title').notNull(),
    /** The title of the category a salon's copy is put in when a salon is linked (found or created by title). */
    categoryTitle: text('category_title').notNull(),
    /** Seconds: the duration a salon's copy starts with. */
    duration: integer('duration').notNull(),
    priceMin: integer('price_min').notNull().default(0),
    priceMax: integer('price_max').notNull().default(0),
    comment: text('comment').notNull().default(''),
    isPriceManagedOnlyInChain: boolean('is_price_managed_only_in_chain').notNull().default(false),
    isCommentManagedOnlyInChain: boolean('is_comment_managed_only_in_chain').notNull().default(false),
    /** Counts the saved changes, so that a save made from an older copy is told of the newer one. */
    version: integer('version').notNull().default(1),
    /** 0 live, 1 deleted. */
    deleted: smallint('deleted').notNull().default(0),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [index('chain_services_group_idx').on(table.groupId)],
)

/** One signed-in device; its refresh tokens form one rotation family. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: instant('created_at').notNull().defaultNow(),
    revokedAt: instant('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** When the session last refreshed its access token: "last active" on the Security page, to 15 minutes. */
    lastActiveAt: instant('last_active_at'),
    /**
     * For a session opened by signing in as another user: the support account's own session, which "Return to
     * your account" resumes (no password) and which alone may end this one that way.
     */
    switchedFromSessionId: uuid('switched_from_session_id'),
    /**
     * For a session opened for an admin application that frames the app (POST /embedding/parent_token): the
     * parent's origin. Such a session holds only a short-lived access token and cannot open another.
     */
    parentOrigin: text('parent_origin'),
  },
  (table) => [index('auth_sessions_user_idx').on(table.userId)],
)

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id),
    /** SHA-256 hex of the opaque token: a leaked table cannot be replayed. */
    tokenHash: text('token_hash').notNull().unique(),
    parentId: uuid('parent_id'),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    rotatedAt: instant('rotated_at'),
    revokedAt: instant('revoked_at'),
  },
  (table) => [index('refresh_tokens_session_idx').on(table.sessionId)],
)

/**
 * Fixed-window counters (failed sign-ins per account and per address, analytics posts per address). They live
 * in the database because the API processes are stateless and any of them may answer the next attempt. The
 * table is unlogged (migration 0032): its writes wait for no flush of the write-ahead log, and a crash of the
 * database empties it (docs/decisions.md, "Sign-in throttling").
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStart: instant('window_start').notNull(),
  count: integer('count').notNull(),
})

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    mode: text('mode', { enum: ['AA', 'ERP'] }).notNull(),
    path: text('path'),
    registrationId: integer('registration_id'),
    userId: integer('user_id'),
    props: jsonb('props')
      .$type<Record<string, string | number | boolean | null>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    occurredAt: instant('occurred_at').notNull(),
    receivedAt: instant('received_at').notNull().defaultNow(),
  },
  (table) => [index('analytics_events_occurred_idx').on(table.occurredAt)],
)
