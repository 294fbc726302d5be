import { integer } from 'drizzle-orm/pg-core'
import { companies } from './core'

/**
 * The company_id column every business table carries. It lives apart from columns.ts because it needs the
 * companies table, and core.ts (which defines that table) itself imports columns.ts.
 */
export const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id)
