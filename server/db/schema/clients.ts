import { sql } from 'drizzle-orm'
import {
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { instant } from './columns'
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
