import type { FastifyInstance, FastifyRequest } from 'fastify'
import { memberParamsSchema, rightsInputSchema } from '../../../contract/rights/schemas'
import { requireCompanyAccess, requireMembership } from '../../access/company-access'
import { authenticate, requireAuth } from '../../http/authenticate'
import { success } from '../../http/envelope'
import { validate } from '../../http/validate'
import { requireCompanyRecordGroup } from '../record-groups/record-groups-store'
import { memberRights, previewRights, rightsHistory, saveRights } from './member-rights'

/** Managing a member's rights: reading takes users_access, previewing and saving users_rights_edit_access. */
export async function rightsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app
  const read = { preHandler: [authenticate, requireCompanyAccess({ flag: 'users_access' })] }
  const edit = { preHandler: [authenticate, requireCompanyAccess({ flag: 'users_rights_edit_access' })] }
  const editor = (request: FastifyRequest) => ({
    userId: requireAuth(request).userId,
    membership: requireMembership(request),
  })
  // A limit to one appointment group must name a live group of this company (422 on the field otherwise).
  const checkedInput = async (request: FastifyRequest) => {
    const input = validate(rightsInputSchema, request.body)
    const group = input.restricted_record_group_id
    if (group !== undefined) {
      await requireCompanyRecordGroup(
        db,
        requireMembership(request).companyId,
        group,
        'rights.restricted_record_group_id',
      )
    }
    return input
  }

  app.get('/company/:id/users/:userId/rights', read, async (request) => {
    const params = validate(memberParamsSchema, request.params)
    return success(await memberRights(db, params.id, params.userId))
  })

  app.post('/company/:id/users/:userId/rights/preview', edit, async (request) => {
    const params = validate(memberParamsSchema, request.params)
    const input = await checkedInput(request)
    return success({ changes: await previewRights(db, editor(request), params.userId, input) })
  })

  app.put('/company/:id/users/:userId/rights', edit, async (request) => {
    const params = validate(memberParamsSchema, request.params)
    const input = await checkedInput(request)
    return success(await saveRights(db, editor(request), params.userId, input))
  })

  app.get('/company/:id/users/:userId/rights/history', read, async (request) => {
    const params = validate(memberParamsSchema, request.params)
    return success(await rightsHistory(db, params.id, params.userId))
  })
}
