import { randomBytes } from 'node:crypto'
import { and, eq, ne } from 'drizzle-orm'
import {
  companyUsers,
  customFields,
  goodCategories,
  labels,
  positions,
  resourceInstances,
  resources,
  serviceCategories,
  services,
  staff,
} from '../../server/db/schema'
import type { TestServer } from '../support/server-harness'

/** Real rows of one company, so that generated requests reach past "not found" into the queries. */
export type RealRows = Record<
  | 'staff'
  | 'service'
  | 'position'
  | 'label'
  | 'category'
  | 'customField'
  | 'goodCategory'
  | 'resource'
  | 'resourceInstance'
  | 'member',
  number
>

export async function loadRealRows(server: TestServer, company: number): Promise<RealRows> {
  const first = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows)[0]?.id ?? 1
  const { db } = server
  return {
    staff: await first(db.select({ id: staff.id }).from(staff).where(eq(staff.companyId, company))),
    service: await first(
      db.select({ id: services.id }).from(services).where(eq(services.companyId, company)),
    ),
    position: await first(
      db.select({ id: positions.id }).from(positions).where(eq(positions.companyId, company)),
    ),
    label: await first(db.select({ id: labels.id }).from(labels).where(eq(labels.companyId, company))),
    category: await first(
      db
        .select({ id: serviceCategories.id })
        .from(serviceCategories)
        .where(eq(serviceCategories.companyId, company)),
    ),
    customField: await first(
      db.select({ id: customFields.id }).from(customFields).where(eq(customFields.companyId, company)),
    ),
    goodCategory: await first(
      db.select({ id: goodCategories.id }).from(goodCategories).where(eq(goodCategories.companyId, company)),
    ),
    resource: await first(
      db.select({ id: resources.id }).from(resources).where(eq(resources.companyId, company)),
    ),
    resourceInstance: await first(
      db
        .select({ id: resourceInstances.id })
        .from(resourceInstances)
        .where(eq(resourceInstances.companyId, company)),
    ),
    member: await first(
      db
        .select({ id: companyUsers.userId })
        .from(companyUsers)
        .where(and(eq(companyUsers.companyId, company), ne(companyUsers.userRole, 'owner'))),
    ),
  }
}

/** The value of a path parameter (`path` as registered, without the API prefix): the company, or a real row. */
export function paramValue(rows: RealRows, company: number, path: string, name: string): string {
  if (['companyId', 'company'].includes(name)) return String(company)
  if (name === 'id' && /^\/(company|companies|license)\//.test(path)) return String(company)
  const byName: Record<string, number | undefined> = {
    staffId: rows.staff,
    serviceId: rows.service,
    positionId: rows.position,
    userId: rows.member,
    fieldId: rows.customField,
    categoryId: rows.goodCategory,
    resourceId: rows.resource,
    instanceId: rows.resourceInstance,
  }
  if (byName[name] !== undefined) return String(byName[name])
  // A flow of machines/, so that requests about flow reviews reach past "no such flow".
  if (name === 'machineId') return 'signIn'
  if (name === 'id') {
    if (path.includes('/staff/')) return String(rows.staff)
    if (path.includes('/labels/')) return String(rows.label)
    if (path.includes('/service_categories/')) return String(rows.category)
    if (path.includes('/services/')) return String(rows.service)
    return '1'
  }
  return randomBytes(8).toString('hex')
}
