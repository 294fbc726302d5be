import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  loadFreeResourceInstancesBodySchema,
  resourceInstancesQuerySchema,
  type ResourceInstance,
} from '../../../contract/resources/schemas'
import { loadMembership, requireMembership } from '../../access/company-access'
import { companies, resourceInstances, resources } from '../../db/schema'
import { authenticate, requireAuth } from '../../http/authenticate'
import { success } from '../../http/envelope'
import { HttpError } from '../../http/http-error'
import { validate } from '../../http/validate'
import { companyRoute } from '../groups/company-route'
import { registerFormBodyParser } from './form-body'
import { findFreeInstances } from './free-instances'
import { parseCompanyDateTime } from './zoned-time'

/** Resources, their instances, and which instances are free (SPEC.md section 7, "Company data"). */
export async function resourceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app
  registerFormBodyParser(app)

  app.get(
    '/resources/:companyId',
    companyRoute('companyId', 'settings_resources_access'),
    async (request) => {
      const { companyId } = requireMembership(request)
      const rows = await db
        .select({ id: resources.id, title: resources.title, description: resources.description })
        .from(resources)
        .where(eq(resources.companyId, companyId))
        .orderBy(asc(resources.id))
      return success(rows)
    },
  )

  app.get(
    '/company/:id/resource_instances',
    companyRoute('id', 'settings_resources_access'),
    async (request) => {
      const query = validate(resourceInstancesQuerySchema, request.query)
      const { companyId } = requireMembership(request)
      const rows = await db
        .select({ instance: resourceInstances, resource: resources })
        .from(resourceInstances)
        .innerJoin(resources, eq(resources.id, resourceInstances.resourceId))
        .where(eq(resourceInstances.companyId, companyId))
        .orderBy(asc(resourceInstances.id))
      const instances: ResourceInstance[] = rows.map(({ instance, resource }) => ({
        id: instance.id,
        resource_id: instance.resourceId,
        title: instance.title,
        ...(query.include === 'resource'
          ? { resource: { id: resource.id, title: resource.title, description: resource.description } }
          : {}),
      }))
      return success(instances)
    },
  )

  // The company is named in the body (salon_id), so membership and the right are checked here, after parsing.
  app.post('/resource_instances/loadFreeResourceInstances', { preHandler: authenticate }, async (request) => {
    const body = validate(loadFreeResourceInstancesBodySchema, request.body)
    const membership = await loadMembership(db, requireAuth(request).userId, body.salon_id)
    if (!membership) throw new HttpError(404, 'Company not found')
    if (!membership.rights.record_form_access)
      throw new HttpError(403, 'You do not have access to this section')
    const [company] = await db
      .select({ timezone: companies.timezone })
      .from(companies)
      .where(eq(companies.id, body.salon_id))
    const free = await findFreeInstances(db, {
      companyId: body.salon_id,
      serviceIds: body.service_id,
      recordId: Number(body.record_id),
      startsAt: parseCompanyDateTime(body.datetime, company!.timezone),
      lengthSec: body.length,
    })
    return success(free)
  })
}
