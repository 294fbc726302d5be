import { and, asc, count, eq, inArray } from 'drizzle-orm'
import type { ResourceInstance, ResourceWithServices, Resource } from '../../../contract/resources/schemas'
import type { Database } from '../../db/database'
import { resourceBookings, resourceInstances, resources, serviceResources, services } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../../http/validate'
import type { RecordChange } from '../change-log/request-audit'
import { withUniqueTitle } from '../positions/unique-violation'

/** A resource's name is the company's only one, an instance's its resource's (the unique indexes of migration 0035). */
const DUPLICATE_RESOURCE_MESSAGE = /*i18n*/ 'a resource with this title already exists'
const DUPLICATE_INSTANCE_MESSAGE = /*i18n*/ 'this resource already has an instance with this title'

const resourceNotFound = () => new HttpError(404, /*i18n*/ 'Resource not found')
const instanceNotFound = () => new HttpError(404, /*i18n*/ 'Resource instance not found')

/** The (not deleted) services of the company that need each of the given resources, by resource id. */
async function serviceIdsByResource(
  db: Database,
  companyId: number,
  resourceIds: number[],
): Promise<Map<number, number[]>> {
  const byResource = new Map<number, number[]>(resourceIds.map((id) => [id, []]))
  if (resourceIds.length === 0) return byResource
  const links = await db
    .select({ resourceId: serviceResources.resourceId, serviceId: serviceResources.serviceId })
    .from(serviceResources)
    .innerJoin(services, eq(services.id, serviceResources.serviceId))
    .where(
      and(
        eq(serviceResources.companyId, companyId),
        eq(services.companyId, companyId),
        eq(services.deleted, 0),
        inArray(serviceResources.resourceId, resourceIds),
      ),
    )
    .orderBy(asc(serviceResources.serviceId))
  for (const link of links) byResource.get(link.resourceId)?.push(link.serviceId)
  return byResource
}

/** GET /resources/{companyId}: the company's resources in the order they were made, each with its services. */
export async function listResources(db: Database, companyId: number): Promise<ResourceWithServices[]> {
  const rows = await db
    .select({ id: resources.id, title: resources.title, description: resources.description })
    .from(resources)
    .where(eq(resources.companyId, companyId))
    .orderBy(asc(resources.id))
  const links = await serviceIdsByResource(
    db,
    companyId,
    rows.map((row) => row.id),
  )
  return rows.map((row) => ({ ...row, service_ids: links.get(row.id) ?? [] }))
}

async function findResource(db: Database, companyId: number, id: number): Promise<ResourceWithServices> {
  const [row] = await db
    .select({ id: resources.id, title: resources.title, description: resources.description })
    .from(resources)
    .where(and(eq(resources.companyId, companyId), eq(resources.id, id)))
  if (!row) throw resourceNotFound()
  return { ...row, service_ids: (await serviceIdsByResource(db, companyId, [id])).get(id) ?? [] }
}

/** How many bookings hold each of the given instances (instances without any are left out). */
async function bookingCounts(db: Database, companyId: number, instanceIds: number[]) {
  if (instanceIds.length === 0) return new Map<number, number>()
  const rows = await db
    .select({ instanceId: resourceBookings.instanceId, n: count() })
    .from(resourceBookings)
    .where(and(eq(resourceBookings.companyId, companyId), inArray(resourceBookings.instanceId, instanceIds)))
    .groupBy(resourceBookings.instanceId)
  return new Map(rows.map((row) => [row.instanceId, row.n]))
}

/** GET /company/{id}/resource_instances: every instance with its booking count, and its resource on request. */
export async function listResourceInstances(
  db: Database,
  companyId: number,
  withResource: boolean,
): Promise<ResourceInstance[]> {
  const rows = await db
    .select({ instance: resourceInstances, resource: resources })
    .from(resourceInstances)
    .innerJoin(resources, eq(resources.id, resourceInstances.resourceId))
    .where(eq(resourceInstances.companyId, companyId))
    .orderBy(asc(resourceInstances.id))
  const counts = await bookingCounts(
    db,
    companyId,
    rows.map((row) => row.instance.id),
  )
  return rows.map(({ instance, resource }) => ({
    id: instance.id,
    resource_id: instance.resourceId,
    title: instance.title,
    bookings_count: counts.get(instance.id) ?? 0,
    ...(withResource ? { resource: toApiResource(resource) } : {}),
  }))
}

const toApiResource = (row: typeof resources.$inferSelect): Resource => ({
  id: row.id,
  title: row.title,
  description: row.description,
})

/** 422 on service_ids unless every id names a service of the company that is not deleted. */
async function requireLiveServices(tx: Database, companyId: number, serviceIds: number[]): Promise<void> {
  if (serviceIds.length === 0) return
  const known = await tx
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.companyId, companyId), eq(services.deleted, 0), inArray(services.id, serviceIds)))
  if (known.length !== serviceIds.length) {
    throw new HttpError(422, VALIDATION_FAILED_MESSAGE, {
      fieldErrors: { service_ids: [/*i18n*/ 'names a service this company does not have'] },
    })
  }
}

/** Makes exactly these services need the resource. */
async function replaceServiceLinks(
  tx: Database,
  companyId: number,
  resourceId: number,
  serviceIds: number[],
) {
  await tx
    .delete(serviceResources)
    .where(and(eq(serviceResources.companyId, companyId), eq(serviceResources.resourceId, resourceId)))
  if (serviceIds.length > 0) {
    await tx
      .insert(serviceResources)
      .values(serviceIds.map((serviceId) => ({ companyId, serviceId, resourceId })))
  }
}

export async function createResource(
  db: Database,
  companyId: number,
  input: { title: string; description: string; service_ids: number[] },
  record: RecordChange,
): Promise<ResourceWithServices> {
  const id = await withUniqueTitle(
    db.transaction(async (tx) => {
      await requireLiveServices(tx, companyId, input.service_ids)
      const [row] = await tx
        .insert(resources)
        .values({ companyId, title: input.title, description: input.description })
        .returning()
      await replaceServiceLinks(tx, companyId, row!.id, input.service_ids)
      await record(tx, { entity: 'resource', entityId: row!.id, operation: 'created', changes: input })
      return row!.id
    }),
    DUPLICATE_RESOURCE_MESSAGE,
  )
  return findResource(db, companyId, id)
}

/** Locks a resource of the company for a change, or answers 404 (for another company's resource too). */
async function lockResource(tx: Database, companyId: number, id: number, mode: 'update' | 'share') {
  const [row] = await tx
    .select()
    .from(resources)
    .where(and(eq(resources.companyId, companyId), eq(resources.id, id)))
    .for(mode)
  return row
}

/**
 * Changes the fields sent; a service list replaces the old one. The resource row is locked, so two saves of its
 * services at once apply one after the other instead of colliding on the links.
 */
export async function updateResource(
  db: Database,
  companyId: number,
  id: number,
  input: { title?: string | undefined; description?: string | undefined; service_ids?: number[] | undefined },
  record: RecordChange,
): Promise<ResourceWithServices> {
  await withUniqueTitle(
    db.transaction(async (tx) => {
      if (!(await lockResource(tx, companyId, id, 'update'))) throw resourceNotFound()
      if (input.title !== undefined || input.description !== undefined) {
        await tx
          .update(resources)
          .set({
            ...(input.title === undefined ? {} : { title: input.title }),
            ...(input.description === undefined ? {} : { description: input.description }),
          })
          .where(and(eq(resources.companyId, companyId), eq(resources.id, id)))
      }
      if (input.service_ids !== undefined) {
        await requireLiveServices(tx, companyId, input.service_ids)
        await replaceServiceLinks(tx, companyId, id, input.service_ids)
      }
      const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined))
      await record(tx, { entity: 'resource', entityId: id, operation: 'updated', changes })
    }),
    DUPLICATE_RESOURCE_MESSAGE,
  )
  return findResource(db, companyId, id)
}

/** A delete refused because bookings hold the resource's instances, or the instance: the count in the sentence. */
const heldByBookings = (what: 'resource' | 'instance', bookings: number) =>
  new HttpError(
    409,
    what === 'resource'
      ? /*i18n*/ 'The resource has {bookings, plural, one {# booking} other {# bookings}}; it cannot be deleted while records use it'
      : /*i18n*/ 'The instance has {bookings, plural, one {# booking} other {# bookings}}; it cannot be deleted while records use it',
    { messageValues: { bookings } },
  )

/**
 * Deletes a resource with its instances and its links to services, unless a booking (past or coming) holds one of
 * its instances: then 409, with the count. Bookings are the salon's history of who used which room; they are
 * never dropped silently.
 */
export async function deleteResource(
  db: Database,
  companyId: number,
  id: number,
  record: RecordChange,
): Promise<void> {
  await db.transaction(async (tx) => {
    const resource = await lockResource(tx, companyId, id, 'update')
    if (!resource) throw resourceNotFound()
    const [held] = await tx
      .select({ n: count() })
      .from(resourceBookings)
      .innerJoin(resourceInstances, eq(resourceInstances.id, resourceBookings.instanceId))
      .where(and(eq(resourceBookings.companyId, companyId), eq(resourceInstances.resourceId, id)))
    const bookings = held?.n ?? 0
    if (bookings > 0) throw heldByBookings('resource', bookings)
    await replaceServiceLinks(tx, companyId, id, [])
    await tx
      .delete(resourceInstances)
      .where(and(eq(resourceInstances.companyId, companyId), eq(resourceInstances.resourceId, id)))
    await tx.delete(resources).where(and(eq(resources.companyId, companyId), eq(resources.id, id)))
    await record(tx, {
      entity: 'resource',
      entityId: id,
      operation: 'deleted',
      changes: { title: resource.title },
    })
  })
}

async function findInstance(db: Database, companyId: number, id: number): Promise<ResourceInstance> {
  const [row] = await db
    .select()
    .from(resourceInstances)
    .where(and(eq(resourceInstances.companyId, companyId), eq(resourceInstances.id, id)))
  if (!row) throw instanceNotFound()
  return {
    id: row.id,
    resource_id: row.resourceId,
    title: row.title,
    bookings_count: (await bookingCounts(db, companyId, [id])).get(id) ?? 0,
  }
}

/**
 * A new instance of one of the company's resources. The resource is locked (shared) meanwhile, so a delete of it
 * either comes first (this answers 422) or waits and takes the new instance along.
 */
export async function createResourceInstance(
  db: Database,
  companyId: number,
  input: { resource_id: number; title: string },
  record: RecordChange,
): Promise<ResourceInstance> {
  const id = await withUniqueTitle(
    db.transaction(async (tx) => {
      if (!(await lockResource(tx, companyId, input.resource_id, 'share'))) {
        throw new HttpError(422, VALIDATION_FAILED_MESSAGE, {
          fieldErrors: { resource_id: [/*i18n*/ 'names no resource of this company'] },
        })
      }
      const [row] = await tx
        .insert(resourceInstances)
        .values({ companyId, resourceId: input.resource_id, title: input.title })
        .returning()
      await record(tx, {
        entity: 'resource_instance',
        entityId: row!.id,
        operation: 'created',
        changes: input,
      })
      return row!.id
    }),
    DUPLICATE_INSTANCE_MESSAGE,
  )
  return findInstance(db, companyId, id)
}

export async function renameResourceInstance(
  db: Database,
  companyId: number,
  id: number,
  input: { title: string },
  record: RecordChange,
): Promise<ResourceInstance> {
  await withUniqueTitle(
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(resourceInstances)
        .set({ title: input.title })
        .where(and(eq(resourceInstances.companyId, companyId), eq(resourceInstances.id, id)))
        .returning({ id: resourceInstances.id })
      if (!row) throw instanceNotFound()
      await record(tx, { entity: 'resource_instance', entityId: id, operation: 'updated', changes: input })
    }),
    DUPLICATE_INSTANCE_MESSAGE,
  )
  return findInstance(db, companyId, id)
}

/** Deletes an instance no booking holds; one with bookings is refused (409) with their count. */
export async function deleteResourceInstance(
  db: Database,
  companyId: number,
  id: number,
  record: RecordChange,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [instance] = await tx
      .select()
      .from(resourceInstances)
      .where(and(eq(resourceInstances.companyId, companyId), eq(resourceInstances.id, id)))
      .for('update')
    if (!instance) throw instanceNotFound()
    const bookings = (await bookingCounts(tx, companyId, [id])).get(id) ?? 0
    if (bookings > 0) throw heldByBookings('instance', bookings)
    await tx
      .delete(resourceInstances)
      .where(and(eq(resourceInstances.companyId, companyId), eq(resourceInstances.id, id)))
    await record(tx, {
      entity: 'resource_instance',
      entityId: id,
      operation: 'deleted',
      changes: { title: instance.title, resource_id: instance.resourceId },
    })
  })
}
