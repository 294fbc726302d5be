import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  accountCreateSchema,
  accountParamsSchema,
  accountsQuerySchema,
  accountUpdateSchema,
} from '../../../contract/accounts/schemas'
import { requireMembership } from '../../access/company-access'
import { success } from '../../http/envelope'
import { HttpError } from '../../http/http-error'
import { validate } from '../../http/validate'
import { auditOf } from '../change-log/request-audit'
import { companyRoute } from '../groups/company-route'
import { createAccount, deleteAccount, updateAccount } from './account-writes'
import { listAccounts } from './company-accounts'

/**
 * GET accounts/{companyId}/ with include=balance (SPEC.md section 7), and the writes beside it: POST to create,
 * PUT and DELETE accounts/{companyId}/{accountId}, behind finances_accounts_edit_access. A member limited to a
 * list of accounts reads and changes only those.
 */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const edit = companyRoute('companyId', 'finances_accounts_edit_access')
  const list = async (request: FastifyRequest) => {
    const query = validate(accountsQuerySchema, request.query)
    const { companyId, rights } = requireMembership(request)
    const withBalance = query.include === 'balance'
    // Seeing balances is a right of its own: a cashier may list the accounts without seeing how much they hold.
    if (withBalance && !rights.finances_accounts_balance_access) {
      throw new HttpError(403, /*i18n*/ 'You do not have access to account balances')
    }
    return success(
      await listAccounts(app.db, companyId, { withBalance, onlyIds: rights.restricted_account_ids }),
    )
  }
  app.get('/accounts/:companyId/', companyRoute('companyId', 'finances_accounts_access'), list)
  app.get('/accounts/:companyId', companyRoute('companyId', 'finances_accounts_access'), list)

  const create = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = validate(accountCreateSchema, request.body)
    const { companyId, rights } = requireMembership(request)
    const account = await createAccount(
      app.db,
      companyId,
      rights.restricted_account_ids,
      body,
      auditOf(request),
    )
    reply.status(201)
    return success(account)
  }
  app.post('/accounts/:companyId/', edit, create)
  app.post('/accounts/:companyId', edit, create)

  app.put('/accounts/:companyId/:accountId', edit, async (request) => {
    const { accountId } = validate(accountParamsSchema, request.params)
    const body = validate(accountUpdateSchema, request.body)
    const { companyId, rights } = requireMembership(request)
    return success(
      await updateAccount(
        app.db,
        companyId,
        rights.restricted_account_ids,
        accountId,
        body,
        auditOf(request),
      ),
    )
  })

  app.delete('/accounts/:companyId/:accountId', edit, async (request) => {
    const { accountId } = validate(accountParamsSchema, request.params)
    const { companyId, rights } = requireMembership(request)
    await deleteAccount(app.db, companyId, rights.restricted_account_ids, accountId, auditOf(request))
    return success(null)
  })
}
