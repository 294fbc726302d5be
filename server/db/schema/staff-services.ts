import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { companyId } from './tenant-columns'
import { services, staff, users } from './core'

/** Which employee provides which service, for how long (seconds) and with which technological card. */
export const serviceStaff = pgTable(
  'service_staff',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    seanceLength: integer('seance_length').notNull(),
    technologicalCardId: integer('technological_card_id'),
    /** What this employee charges for the service; null: the service's own price. */
    price: integer('price'),
  },
  (table) => [
    // The unique pair makes a link saved twice at once one row, never two.
    unique('service_staff_service_staff_unique').on(table.serviceId, table.staffId),
    index('service_staff_staff_idx').on(table.staffId),
    index('service_staff_company_idx').on(table.companyId),
  ],
)

/** The parts of a composite service, in the order they are performed. */
export const serviceCompositeLinks = pgTable(
  'service_composite_links',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    compositeId: integer('composite_id')
      .notNull()
      .references(() => services.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    position: integer('position').notNull(),
    /** Seconds; null means the linked service's own duration. */
    duration: integer('duration'),
    priceMin: integer('price_min'),
    priceMax: integer('price_max'),
  },
  (table) => [
    index('service_composite_links_composite_idx').on(table.compositeId),
    index('service_composite_links_service_idx').on(table.serviceId),
  ],
)

/** Coloured tags on clients, records and activities (SPEC.md section 3, Label). */
export const labels = pgTable(
  'labels',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    title: text('title').notNull(),
    icon: text('icon').notNull().default(''),
    color: text('color').notNull(),
    fontColor: text('font_color').notNull(),
    /** COMMON 0, CLIENT 1, RECORD 2, ACTIVITY 3. */
    entity: smallint('entity').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    /** System labels that nobody may change or delete. */
    notEditable: boolean('not_editable').notNull().default(false),
  },
  (table) => [
    index('labels_company_entity_idx').on(table.companyId, table.entity),
    // One name once per kind of label: two "VIP" client labels could not be told apart.
    uniqueIndex('labels_company_entity_title_unique')
      .on(table.companyId, table.entity, sql`lower(${table.title})`)
      .where(sql`not ${table.deleted}`),
  ],
)

/** A media owner (SPEC.md section 3): the images of one service, master, salon or booking-form header. */
export const imageGroups = pgTable(
  'image_groups',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    entity: text('entity', {
      enum: ['service', 'master', 'salon', 'booking_form_appearance_header'],
    }).notNull(),
    entityId: integer('entity_id').notNull(),
  },
  (table) => [uniqueIndex('image_groups_entity_unique').on(table.companyId, table.entity, table.entityId)],
)

/** One uploaded picture, stored on disk under DATA_DIR/uploads and served read-only at its url. */
export const images = pgTable(
  'images',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    imageGroupId: integer('image_group_id')
      .notNull()
      .references(() => imageGroups.id),
    /** The path below the uploads folder, also the tail of the url. */
    path: text('path').notNull(),
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The MIME type, image/jpeg, image/png or image/webp. */
    type: text('type').notNull(),
    /** Counts the uploads of the group, so that a client cache can tell a new picture from the old one. */
    version: integer('version').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [index('images_group_idx').on(table.imageGroupId)],
)

/** The audit of rights changes: who changed whose rights, when, and the diff. */
export const rightsChanges = pgTable(
  'rights_changes',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    changedBy: integer('changed_by')
      .notNull()
      .references(() => users.id),
    changedAt: instant('changed_at').notNull().defaultNow(),
    changes: jsonb('changes')
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (table) => [index('rights_changes_company_user_idx').on(table.companyId, table.userId)],
)
