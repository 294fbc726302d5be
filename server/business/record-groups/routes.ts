import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { recordGroupBodySchema, recordGroupParamsSchema } from '../../../contract/record-groups/schemas'
import { requireMembership } from '../../access/company-access'
import { success } from '../../http/envelope'
import { validate } from '../../http/validate'
import { companyRoute } from '../groups/company-route'
import {
  createRecordGroup,
  deleteRecordGroup,
  listRecordGroups,
  renameRecordGroup,
} from './record-groups-store'

/**
 * The company's appointment groups (halls and departments). Reading takes what reading the staff list takes
 * (membership: the book shows every colleague's group); changing them takes settings_master_edit_access, the
 * flag that changes a staff member's card, where the group is chosen too.
 */
export async function recordGroupRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app
  const list = '/company/:id/record_groups'
  const one = '/company/:id/record_groups/:groupId'
  const edit = companyRoute('id', 'settings_master_edit_access')

  app.get(list, companyRoute('id'), async (request) => {
    const { companyId, rights } = requireMembership(request)
    return success(await listRecordGroups(db, companyId, rights))
  })

  app.post(list, edit, async (request: FastifyRequest, reply: FastifyReply) => {
    const body = validate(recordGroupBodySchema, request.body)
    const { companyId, rights } = requireMembership(request)
    reply.status(201)
    return success(await createRecordGroup(db, companyId, rights, body))
  })

  app.put(one, edit, async (request) => {
    const { groupId } = validate(recordGroupParamsSchema, request.params)
    const body = validate(recordGroupBodySchema, request.body)
    const { companyId, rights } = requireMembership(request)
    return success(await renameRecordGroup(db, companyId, rights, groupId, body))
  })

  app.delete(one, edit, async (request) => {
    const { groupId } = validate(recordGroupParamsSchema, request.params)
    const { companyId, rights } = requireMembership(request)
    await deleteRecordGroup(db, companyId, rights, groupId)
    return success(null)
  })
}
