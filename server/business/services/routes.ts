import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { RightFlag } from '../../../contract/access/rights-catalogue'
import {
  serviceCreateSchema,
  serviceListParamsSchema,
  serviceListQuerySchema,
  serviceParamsSchema,
  serviceSortSchema,
  serviceUpdateSchema,
} from '../../../contract/services/schemas'
import { requireCompanyAccess, requireMembership } from '../../access/company-access'
import { services, serviceStaff } from '../../db/schema'
import { authenticate } from '../../http/authenticate'
import { success } from '../../http/envelope'
import { HttpError } from '../../http/http-error'
import { validate } from '../../http/validate'
import { requireFlag } from '../rights/member-access'
import { sortServices } from './service-order'
import { createService, deleteService, updateService } from './service-writes'
import { loadService, loadServices } from './services-view'

const priceFields = ['price_min', 'price_max', 'chain_price_min', 'chain_price_max'] as const

/**
 * Services of a company (SPEC.md section 7, "Company data"). Every member reads them, since booking needs them;
 * creating, editing and deleting take the settings_services_* flags, composites also the composite flag and
 * prices the price flag.
 */
export async function serviceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app
  const access = (flag?: RightFlag) => ({
    preHandler: [authenticate, requireCompanyAccess({ param: 'companyId', ...(flag ? { flag } : {}) })],
  })

  const list = async (request: FastifyRequest) => {
    const { companyId } = validate(serviceListParamsSchema, request.params)
    const query = validate(serviceListQuerySchema, request.query)
    const staffServices =
      query.staff_id === undefined
        ? undefined
        : db
            .select({ id: serviceStaff.serviceId })
            .from(serviceStaff)
            .where(and(eq(serviceStaff.staffId, query.staff_id), eq(serviceStaff.companyId, companyId)))
    const found = await loadServices(
      db,
      companyId,
      and(
        query.category_id === undefined ? undefined : eq(services.categoryId, query.category_id),
        staffServices ? inArray(services.id, staffServices) : undefined,
      ),
    )
    return success(found, { count: found.length })
  }
  app.get('/services/:companyId/', access(), list)
  app.get('/services/:companyId', access(), list)

  app.get('/services/:companyId/:serviceId', access(), async (request) => {
    const params = validate(serviceParamsSchema, request.params)
    const service = await loadService(db, params.companyId, params.serviceId)
    if (!service) throw new HttpError(404, /*i18n*/ 'Service not found')
    return success(service)
  })

  const create = async (request: FastifyRequest, reply: FastifyReply) => {
    const membership = requireMembership(request)
    const body = validate(serviceCreateSchema, request.body)
    if (body.is_composite) requireFlag(membership, 'settings_services_composite_access')
    reply.status(201)
    return success(await createService(db, membership.companyId, membership.mainGroupId, body))
  }
  app.post('/services/:companyId/', access('settings_services_create_access'), create)
  app.post('/services/:companyId', access('settings_services_create_access'), create)

  // The order of one category's services (the specification names a sort call for staff only).
  app.post('/services/:companyId/sort', access('settings_services_edit_access'), async (request) => {
    const membership = requireMembership(request)
    const body = validate(serviceSortSchema, request.body)
    return success(await sortServices(db, request, membership.companyId, body))
  })

  app.put('/services/:companyId/:serviceId', access('settings_services_edit_access'), async (request) => {
    const membership = requireMembership(request)
    const params = validate(serviceParamsSchema, request.params)
    const body = validate(serviceUpdateSchema, request.body)
    const setsStaffPrice = body.staff?.some((member) => member.price !== undefined) ?? false
    if (setsStaffPrice || priceFields.some((field) => body[field] !== undefined)) {
      requireFlag(membership, 'settings_services_prices_edit_access')
    }
    if (body.composite_details) requireFlag(membership, 'settings_services_composite_access')
    return success(await updateService(db, params.companyId, membership.mainGroupId, params.serviceId, body))
  })

  app.delete(
    '/services/:companyId/:serviceId',
    access('settings_services_delete_access'),
    async (request) => {
      const params = validate(serviceParamsSchema, request.params)
      await deleteService(db, params.companyId, params.serviceId)
      return success(null)
    },
  )
}
