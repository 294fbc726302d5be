import { and, asc, eq, gt, inArray, lt, ne } from 'drizzle-orm'
import type { FreeResource } from '../../../contract/resources/schemas'
import type { Database } from '../../db/database'
import { resourceBookings, resourceInstances, resources, serviceResources, services } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../../http/validate'

export interface FreeInstancesRequest {
  companyId: number
  serviceIds: number[]
  /** The record being moved: its own bookings do not block it. 0 for a new record. */
  recordId: number
  startsAt: Date
  lengthSec: number
}

/**
 * For every resource the services need, the instances not booked at any moment of [startsAt, startsAt + length).
 * Two spans overlap when each starts before the other ends, so back-to-back bookings do not collide.
 */
export async function findFreeInstances(
  db: Database,
  request: FreeInstancesRequest,
): Promise<FreeResource[]> {
  const { companyId, serviceIds } = request
  const known = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.companyId, companyId), inArray(services.id, serviceIds)))
  if (known.length !== serviceIds.length) {
    throw new HttpError(422, VALIDATION_FAILED_MESSAGE, {
      fieldErrors: { service_id: [/*i18n*/ 'names a service this company does not have'] },
    })
  }
  const needed = await db
    .selectDistinct({ id: resources.id, title: resources.title })
    .from(serviceResources)
    .innerJoin(resources, eq(resources.id, serviceResources.resourceId))
    .where(and(eq(serviceResources.companyId, companyId), inArray(serviceResources.serviceId, serviceIds)))
    .orderBy(asc(resources.id))
  if (needed.length === 0) return []

  const instances = await db
    .select({
      id: resourceInstances.id,
      title: resourceInstances.title,
      resourceId: resourceInstances.resourceId,
    })
    .from(resourceInstances)
    .where(
      and(
        eq(resourceInstances.companyId, companyId),
        inArray(
          resourceInstances.resourceId,
          needed.map((resource) => resource.id),
        ),
      ),
    )
    .orderBy(asc(resourceInstances.id))
  const endsAt = new Date(request.startsAt.getTime() + request.lengthSec * 1000)
  const busy =
    instances.length === 0
      ? []
      : await db
          .selectDistinct({ instanceId: resourceBookings.instanceId })
          .from(resourceBookings)
          .where(
            and(
              eq(resourceBookings.companyId, companyId),
              inArray(
                resourceBookings.instanceId,
                instances.map((instance) => instance.id),
              ),
              lt(resourceBookings.startsAt, endsAt),
              gt(resourceBookings.endsAt, request.startsAt),
              request.recordId > 0 ? ne(resourceBookings.recordId, request.recordId) : undefined,
            ),
          )
  const busyIds = new Set(busy.map((row) => row.instanceId))
  return needed.map((resource) => ({
    resource_id: resource.id,
    title: resource.title,
    free_instances: instances
      .filter((instance) => instance.resourceId === resource.id && !busyIds.has(instance.id))
      .map((instance) => ({ id: instance.id, title: instance.title })),
  }))
}
