import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { RightFlag } from '../../../contract/access/rights-catalogue'
import {
  positionCreateSchema,
  positionParamsSchema,
  positionUpdateSchema,
} from '../../../contract/positions/schemas'
import { requireCompanyAccess, requireMembership } from '../../access/company-access'
import { authenticate } from '../../http/authenticate'
import { success } from '../../http/envelope'
import { validate } from '../../http/validate'
import { createPosition, deletePosition, listPositions, updatePosition } from './positions-store'

/** Positions of a company, each call behind its settings_positions_* flag. */
export async function positionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app
  const guarded = (flag: RightFlag) => ({ preHandler: [authenticate, requireCompanyAccess({ flag })] })

  app.get('/company/:id/positions', guarded('settings_positions_access'), async (request) =>
    success(await listPositions(db, requireMembership(request).companyId)),
  )

  app.post(
    '/company/:id/positions',
    guarded('settings_positions_create_access'),
    async (request: FastifyRequest, reply: FastifyReply) => {
      const body = validate(positionCreateSchema, request.body)
      reply.status(201)
      return success(await createPosition(db, requireMembership(request).companyId, body))
    },
  )

  app.put(
    '/company/:id/positions/:positionId',
    guarded('settings_positions_edit_access'),
    async (request) => {
      const params = validate(positionParamsSchema, request.params)
      const body = validate(positionUpdateSchema, request.body)
      return success(await updatePosition(db, params.id, params.positionId, body))
    },
  )

  app.delete(
    '/company/:id/positions/:positionId',
    guarded('settings_positions_delete_access'),
    async (request) => {
      const params = validate(positionParamsSchema, request.params)
      await deletePosition(db, params.id, params.positionId)
      return success(null)
    },
  )
}
