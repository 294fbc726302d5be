import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  loadFreeResourceInstancesBodySchema,
  resourceCreateSchema,
  resourceInstanceCreateSchema,
  resourceInstanceParamsSchema,
  resourceInstancesQuerySchema,
  resourceInstanceUpdateSchema,
  resourceParamsSchema,
  resourceUpdateSchema,
} from '../../../contract/resources/schemas'
import { loadMembership, requireMembership } from '../../access/company-access'
import { companies } from '../../db/schema'
import { authenticate, requireAuth } from '../../http/authenticate'
import { success } from '../../http/envelope'
import { HttpError } from '../../http/http-error'
import { validate } from '../../http/validate'
import { auditOf } from '../change-log/request-audit'
import { companyRoute } from '../groups/company-route'
import { registerFormBodyParser } from './form-body'
import { findFreeInstances } from './free-instances'
import {
  createResource,
  createResourceInstance,
  deleteResource,
  deleteResourceInstance,
  listResourceInstances,
  listResources,
  renameResourceInstance,
  updateResource,
} from './resources-store'
import { parseCompanyDateTime } from './zoned-time'

/**
 * Resources, their instances, and which instances are free (SPEC.md section 7, "Company data"), and the writes
 * that build them (not in the specification: create, change and delete, in the same style).
 */
export async function resourceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app
  registerFormBodyParser(app)

  app.get('/resources/:companyId', companyRoute('companyId', 'settings_resources_access'), async (request) =>
    success(await listResources(db, requireMembership(request).companyId)),
  )

  app.get(
    '/company/:id/resource_instances',
    companyRoute('id', 'settings_resources_access'),
    async (request) => {
      const query = validate(resourceInstancesQuerySchema, request.query)
      const { companyId } = requireMembership(request)
      return success(await listResourceInstances(db, companyId, query.include === 'resource'))
    },
  )

  // Changing resources, their instances and which services need them: settings_resources_edit_access.
  const editResources = companyRoute('companyId', 'settings_resources_edit_access')
  const editInstances = companyRoute('id', 'settings_resources_edit_access')

  app.post('/resources/:companyId', editResources, async (request, reply) => {
    const body = validate(resourceCreateSchema, request.body)
    const resource = await createResource(db, requireMembership(request).companyId, body, auditOf(request))
    reply.status(201)
    return success(resource)
  })

  app.put('/resources/:companyId/:resourceId', editResources, async (request) => {
    const { resourceId } = validate(resourceParamsSchema, request.params)
    const body = validate(resourceUpdateSchema, request.body)
    return success(
      await updateResource(db, requireMembership(request).companyId, resourceId, body, auditOf(request)),
    )
  })

  app.delete('/resources/:companyId/:resourceId', editResources, async (request) => {
    const { resourceId } = validate(resourceParamsSchema, request.params)
    await deleteResource(db, requireMembership(request).companyId, resourceId, auditOf(request))
    return success(null)
  })

  app.post('/company/:id/resource_instances', editInstances, async (request, reply) => {
    const body = validate(resourceInstanceCreateSchema, request.body)
    const instance = await createResourceInstance(
      db,
      requireMembership(request).companyId,
      body,
      auditOf(request),
    )
    reply.status(201)
    return success(instance)
  })

  app.put('/company/:id/resource_instances/:instanceId', editInstances, async (request) => {
    const { instanceId } = validate(resourceInstanceParamsSchema, request.params)
    const body = validate(resourceInstanceUpdateSchema, request.body)
    return success(
      await renameResourceInstance(
        db,
        requireMembership(request).companyId,
        instanceId,
        body,
        auditOf(request),
      ),
    )
  })

  app.delete('/company/:id/resource_instances/:instanceId', editInstances, async (request) => {
    const { instanceId } = validate(resourceInstanceParamsSchema, request.params)
    await deleteResourceInstance(db, requireMembership(request).companyId, instanceId, auditOf(request))
    return success(null)
  })

  // The company is named in the body (salon_id), so membership and the right are checked here, after parsing.
  app.post('/resource_instances/loadFreeResourceInstances', { preHandler: authenticate }, async (request) => {
    const body = validate(loadFreeResourceInstancesBodySchema, request.body)
    const membership = await loadMembership(db, requireAuth(request).userId, body.salon_id)
    if (!membership) throw new HttpError(404, /*i18n*/ 'Company not found')
    if (!membership.rights.record_form_access)
      throw new HttpError(403, /*i18n*/ 'You do not have access to this section')
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
