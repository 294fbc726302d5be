import type { FastifyInstance } from 'fastify'
import { companyIdParamsSchema } from '../../contract/companies/schemas'
import { frameOriginsBodySchema } from '../../contract/online-booking/frame-origins'
import { requireMembership } from '../access/company-access'
import { auditOf } from '../business/change-log/request-audit'
import { companyRoute } from '../business/groups/company-route'
import { success } from '../http/envelope'
import { validate } from '../http/validate'
import { companyFrameOrigins, saveFrameOrigins } from './frame-origins'

/**
 * The sites allowed to show the company's booking page in a frame: every member reads them (the snippet screen),
 * whoever may edit the company's settings changes them.
 */
export async function frameOriginsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app
  app.get('/company/:id/online_booking/frame_origins', companyRoute('id'), async (request) => {
    validate(companyIdParamsSchema, request.params)
    return success(await companyFrameOrigins(db, requireMembership(request).companyId))
  })
  app.put(
    '/company/:id/online_booking/frame_origins',
    companyRoute('id', 'options_company_edit_access'),
    async (request) => {
      const body = validate(frameOriginsBodySchema, request.body)
      return success(await saveFrameOrigins(db, requireMembership(request).companyId, body, auditOf(request)))
    },
  )
}
