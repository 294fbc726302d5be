import type { FastifyInstance } from 'fastify'
import {
  clientImportBodySchema,
  clientListQuerySchema,
  clientParamsSchema,
  clientsPageSize,
  createClientBodySchema,
  mergeClientBodySchema,
  updateClientBodySchema,
} from '../../../contract/clients/schemas'
import { requireMembership } from '../../access/company-access'
import { success } from '../../http/envelope'
import { validate } from '../../http/validate'
import { auditOf } from '../change-log/request-audit'
import { companyRoute } from '../groups/company-route'
import { importClients } from './client-import'
import {
  clientAccessOf,
  clientCard,
  createClient,
  deleteClient,
  listClients,
  mergeClients,
  updateClient,
} from './clients-store'

/**
 * The client base (docs/decisions.md, "The client base"). Each call takes its flag of the catalogue: the list
 * clients_access, the card client_card_access, and creating, changing, deleting, merging and importing their
 * own; phones, e-mails, categories and custom fields are shown and changed only with their flags.
 */
export async function clientRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app

  app.get('/company/:id/clients', companyRoute('id', 'clients_access'), async (request) => {
    const query = validate(clientListQuerySchema, request.query)
    const membership = requireMembership(request)
    const { clients, total } = await listClients(
      db,
      membership.companyId,
      query,
      clientAccessOf(membership.rights),
    )
    return success(clients, { page: query.page, per_page: clientsPageSize, total })
  })

  app.post('/company/:id/clients', companyRoute('id', 'clients_create_access'), async (request, reply) => {
    const body = validate(createClientBodySchema, request.body)
    const membership = requireMembership(request)
    const client = await createClient(
      db,
      membership.companyId,
      body,
      clientAccessOf(membership.rights),
      auditOf(request),
    )
    return reply.status(201).send(success(client))
  })

  app.post('/company/:id/clients/import', companyRoute('id', 'clients_import_access'), async (request) => {
    const body = validate(clientImportBodySchema, request.body)
    return success(await importClients(db, requireMembership(request).companyId, body, auditOf(request)))
  })

  app.get('/company/:id/clients/:clientId', companyRoute('id', 'client_card_access'), async (request) => {
    const { clientId } = validate(clientParamsSchema, request.params)
    const membership = requireMembership(request)
    return success(await clientCard(db, membership.companyId, clientId, clientAccessOf(membership.rights)))
  })

  app.put('/company/:id/clients/:clientId', companyRoute('id', 'clients_edit_access'), async (request) => {
    const { clientId } = validate(clientParamsSchema, request.params)
    const body = validate(updateClientBodySchema, request.body)
    const membership = requireMembership(request)
    return success(
      await updateClient(
        db,
        membership.companyId,
        clientId,
        body,
        clientAccessOf(membership.rights),
        auditOf(request),
      ),
    )
  })

  app.delete(
    '/company/:id/clients/:clientId',
    companyRoute('id', 'clients_delete_access'),
    async (request) => {
      const { clientId } = validate(clientParamsSchema, request.params)
      await deleteClient(db, requireMembership(request).companyId, clientId, auditOf(request))
      return success(null)
    },
  )

  app.post(
    '/company/:id/clients/:clientId/merge',
    companyRoute('id', 'clients_merge_access'),
    async (request) => {
      const { clientId } = validate(clientParamsSchema, request.params)
      const body = validate(mergeClientBodySchema, request.body)
      const membership = requireMembership(request)
      return success(
        await mergeClients(
          db,
          membership.companyId,
          clientId,
          body.other_client_id,
          clientAccessOf(membership.rights),
          auditOf(request),
        ),
      )
    },
  )
}
