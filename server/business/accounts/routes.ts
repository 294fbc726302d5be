import type { FastifyInstance, FastifyRequest } from 'fastify'
import { accountsQuerySchema } from '../../../contract/accounts/schemas'
import { requireMembership } from '../../access/company-access'
import { success } from '../../http/envelope'
import { HttpError } from '../../http/http-error'
import { validate } from '../../http/validate'
import { companyRoute } from '../groups/company-route'
import { listAccounts } from './company-accounts'

/** GET accounts/{companyId}/ with include=balance (SPEC.md section 7). */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const list = async (request: FastifyRequest) => {
    const query = validate(accountsQuerySchema, request.query)
    const { companyId, rights } = requireMembership(request)
    const withBalance = query.include === 'balance'
    // Seeing balances is a right of its own: a cashier may list the accounts without seeing how much they hold.
    if (withBalance && !rights.finances_accounts_balance_access) {
      throw new HttpError(403, 'You do not have access to account balances')
    }
    return success(
      await listAccounts(app.db, companyId, { withBalance, onlyIds: rights.restricted_account_ids }),
    )
  }
  app.get('/accounts/:companyId/', companyRoute('companyId', 'finances_accounts_access'), list)
  app.get('/accounts/:companyId', companyRoute('companyId', 'finances_accounts_access'), list)
}
