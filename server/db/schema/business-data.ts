import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { companyId } from './tenant-columns'
import { companies, services, staff } from './core'

/**
 * The company state of SPEC.md section 3 that is not on the company row itself, plus the three timetable flags.
 * A company without a row has the defaults, so creating a company needs no second insert.
 */
export const companySettings = pgTable('company_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  allowOverselling: boolean('allow_overselling').notNull().default(true),
  smsSenderName: text('sms_sender_name'),
  analyticsLostThreshold: integer('analytics_lost_threshold').notNull().default(0),
  defaultCountryId: integer('default_country_id'),
  showNewsletterAgreement: boolean('show_newsletter_agreement').notNull().default(false),
  showPersonalDataAgreement: boolean('show_personal_data_agreement').notNull().default(false),
  sumRecordTechnicalBreaks: boolean('sum_record_technical_breaks').notNull().default(false),
})

/** A company's licence (at most one); no row means no licence, which the API answers as an empty array. */
export const licenses = pgTable('licenses', {
  id: serial('id').primaryKey(),
  companyId: companyId().unique(),
  tariff: text('tariff').notNull(),
  staffLimit: integer('staff_limit').notNull(),
  /** Price of one additional staff seat for 30 days, in the company's currency. */
  staffSeatMonthlyPrice: integer('staff_seat_monthly_price').notNull(),
  startsAt: instant('starts_at').notNull(),
  expiresAt: instant('expires_at').notNull(),
})

/** Options bought on top of a licence (SPEC.md section 3 option ids); buying more adds to the amount. */
export const licenseOptions = pgTable(
  'license_options',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id),
    optionId: smallint('option_id').notNull(),
    amount: integer('amount').notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [unique('license_options_license_option_unique').on(table.licenseId, table.optionId)],
)

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    weight: integer('weight').notNull().default(0),
  },
  (table) => [unique('payment_methods_company_slug_unique').on(table.companyId, table.slug)],
)

/** Payroll settings per employee (SPEC.md section 3 enums); an employee without a row has the defaults. */
export const salarySettings = pgTable(
  'salary_settings',
  {
    companyId: companyId(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    dateBasis: text('date_basis').notNull(),
    discountSplitMode: text('discount_split_mode').notNull(),
    costSplitMode: text('cost_split_mode').notNull(),
    mode: text('mode').notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    /** Counts the saves, so that a save from an older copy is refused rather than lost. */
    version: integer('version').notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.staffId] })],
)

/** Things a service occupies besides the specialist (a room, a laser, a chair). */
export const resources = pgTable(
  'resources',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
  },
  (table) => [
    index('resources_company_idx').on(table.companyId),
    // Two resources of one name would be two identical choices on every service.
    uniqueIndex('resources_company_title_unique').on(table.companyId, sql`lower(${table.title})`),
  ],
)

/** One physical unit of a resource (room 1, room 2); bookings take instances. */
export const resourceInstances = pgTable(
  'resource_instances',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id),
    title: text('title').notNull(),
  },
  (table) => [
    index('resource_instances_company_idx').on(table.companyId),
    uniqueIndex('resource_instances_resource_title_unique').on(table.resourceId, sql`lower(${table.title})`),
  ],
)

/** Which resources a service needs: one free instance of each while the service runs. */
export const serviceResources = pgTable(
  'service_resources',
  {
    companyId: companyId(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id),
  },
  (table) => [primaryKey({ columns: [table.serviceId, table.resourceId] })],
)

/** An instance taken by a record for a time span [starts_at, ends_at). */
export const resourceBookings = pgTable(
  'resource_bookings',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => resourceInstances.id),
    recordId: integer('record_id').notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
  },
  (table) => [index('resource_bookings_instance_time_idx').on(table.instanceId, table.startsAt)],
)

export const storages = pgTable(
  'storages',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    title: text('title').notNull(),
    /** goods for sale or consumables used in services. */
    type: text('type', { enum: ['goods', 'consumables'] }).notNull(),
    comment: text('comment').notNull().default(''),
  },
  // Titles are unique per company regardless of case: two storages named alike could not be told apart.
  (table) => [
    index('storages_company_idx').on(table.companyId),
    uniqueIndex('storages_company_title_unique').on(table.companyId, sql`lower(${table.title})`),
  ],
)

/** Cash desks and bank accounts; the balance is the sum of their transactions. */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    title: text('title').notNull(),
    type: text('type', { enum: ['cash', 'bank'] }).notNull(),
    comment: text('comment').notNull().default(''),
  },
  // Titles are unique per company regardless of case, so two people creating "Cash" at once get one account.
  (table) => [
    index('accounts_company_idx').on(table.companyId),
    uniqueIndex('accounts_company_title_unique').on(table.companyId, sql`lower(${table.title})`),
  ],
)

export const accountTransactions = pgTable(
  'account_transactions',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** Positive for income, negative for expense. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    comment: text('comment').notNull().default(''),
    occurredAt: instant('occurred_at').notNull().defaultNow(),
  },
  (table) => [index('account_transactions_account_idx').on(table.accountId)],
)

export const clientCategories = pgTable(
  'client_categories',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    title: text('title').notNull(),
    color: text('color').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  // Titles are unique per company regardless of case, so two people creating "VIP" at once get one category.
  (table) => [
    uniqueIndex('client_categories_company_title_unique').on(table.companyId, sql`lower(${table.title})`),
  ],
)

export const customFields = pgTable(
  'custom_fields',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    /** record or client: which card the field belongs to. */
    parentEntityType: text('parent_entity_type', { enum: ['record', 'client'] }).notNull(),
    /** text, number, date, select, checkbox (src/api/custom-fields/schemas.ts). */
    typeSlug: text('type_slug').notNull(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    /**
     * For select fields: [key, label] pairs in display order. A list, because jsonb reorders object keys; the API
     * sends them as an object of key to label, built in this order.
     */
    values: jsonb('values')
      .$type<[string, string][]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    showInRecordWindow: boolean('show_in_record_window').notNull().default(false),
    showInClientWindow: boolean('show_in_client_window').notNull().default(false),
    weight: integer('weight').notNull().default(0),
  },
  (table) => [
    unique('custom_fields_company_code_unique').on(table.companyId, table.parentEntityType, table.code),
  ],
)

/** Cash-desk (attendance) fields a company pinned to the top of the visit window. */
export const attendanceFieldPins = pgTable(
  'attendance_field_pins',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    slug: text('slug').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [unique('attendance_field_pins_company_slug_unique').on(table.companyId, table.slug)],
)

export const paymentMethodPins = pgTable(
  'payment_method_pins',
  {
    companyId: companyId(),
    paymentMethodSlug: text('payment_method_slug').notNull(),
    isPinned: boolean('is_pinned').notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.paymentMethodSlug] })],
)

export const units = pgTable(
  'units',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    title: text('title').notNull(),
    shortTitle: text('short_title').notNull(),
  },
  (table) => [index('units_company_idx').on(table.companyId)],
)

/** The goods category tree; parent_category_id 0 marks a root (SPEC.md section 9). */
export const goodCategories = pgTable(
  'good_categories',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    parentCategoryId: integer('parent_category_id').notNull().default(0),
    title: text('title').notNull(),
    weight: integer('weight').notNull().default(0),
  },
  (table) => [
    index('good_categories_company_parent_idx').on(table.companyId, table.parentCategoryId),
    // Two categories of one name side by side would be two identical choices in the goods' category picker.
    uniqueIndex('good_categories_company_parent_title_unique').on(
      table.companyId,
      table.parentCategoryId,
      sql`lower(${table.title})`,
    ),
  ],
)

export const goods = pgTable(
  'goods',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => goodCategories.id),
    title: text('title').notNull(),
    article: text('article').notNull().default(''),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    unitId: integer('unit_id').references(() => units.id),
  },
  (table) => [index('goods_company_category_idx').on(table.companyId, table.categoryId)],
)
