import type { FastifyInstance } from 'fastify'
import { savePaymentMethodsBodySchema } from '../../../contract/payment-methods/schemas'
import { requireMembership } from '../../access/company-access'
import { success } from '../../http/envelope'
import { validate } from '../../http/validate'
import { companyRoute } from '../groups/company-route'
import { listPaymentMethods, savePaymentMethods } from './save-payment-methods'

/** GET /company/{id}/payment_methods and POST .../payment_methods/save (SPEC.md section 7). */
export async function paymentMethodRoutes(app: FastifyInstance): Promise<void> {
  // Whoever takes payments needs the list; changing it is a finance setting.
  app.get('/company/:id/payment_methods', companyRoute('id', 'finances_access'), async (request) =>
    success(await listPaymentMethods(app.db, requireMembership(request).companyId)),
  )
  app.post(
    '/company/:id/payment_methods/save',
    companyRoute('id', 'finances_payment_methods_edit_access'),
    async (request) => {
      const body = validate(savePaymentMethodsBodySchema, request.body)
      return success(await savePaymentMethods(app.db, requireMembership(request).companyId, body))
    },
  )
}
