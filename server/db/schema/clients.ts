import { sql } from 'drizzle-orm'
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { clientCategories, customFields } from './business-data'
import { instant } from './columns'
import { labels } from './staff-services'
import { companyId } from './tenant-columns'

/**
 * A salon's client: the person appointments are booked for. Phones are stored normalised (E.164, as
 * libphonenumber-js formats them), so that "8 (916) 123-45-67" and "+79161234567" are one client: a partial unique
 * index makes a live client's phone unique within the company, which is what lets an online booking find or create
 * its client without a race. A merged duplicate keeps its row (appointments may still point at it) with
 * `merged_into_id` naming the client that absorbed it; lists leave merged and deleted clients out.
 */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    name: text('name').notNull(),
    surname: text('surname').notNull().default(''),
    /** E.164, or null when the client left no phone. */
    phone: text('phone'),
    email: text('email'),
    birthDate: date('birth_date'),
    comment: text('comment').notNull().default(''),
    mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => clients.id),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    deletedAt: instant('deleted_at'),
  },
  (table) => [
    index('clients_company_idx').on(table.companyId),
    uniqueIndex('clients_company_phone_unique')
      .on(table.companyId, table.phone)
      .where(
        sql`${table.phone} is not null and ${table.mergedIntoId} is null and ${table.deletedAt} is null`,
      ),
  ],
)

/** The labels (client or common ones) on a client's card. */
export const clientLabels = pgTable(
  'client_labels',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    labelId: integer('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.labelId] })],
)

/** The client categories a client is in; deleting a category takes it off its clients. */
export const clientCategoryLinks = pgTable(
  'client_category_links',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => clientCategories.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.categoryId] })],
)

/**
 * A client's value of a custom field of the client kind: text and select keys as strings, numbers as numbers,
 * dates as YYYY-MM-DD strings, checkboxes as booleans. Deleting the field deletes its values.
 */
export const clientFieldValues = pgTable(
  'client_field_values',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    fieldId: integer('field_id')
      .notNull()
      .references(() => customFields.id, { onDelete: 'cascade' }),
    value: jsonb('value').$type<string | number | boolean>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.fieldId] })],
)
