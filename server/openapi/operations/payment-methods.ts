import { paymentMethodsSchema, savePaymentMethodsBodySchema } from '../../../contract/payment-methods/schemas'
import type { Operation } from '../operation'

export const paymentMethodsOperations: Operation[] = [
  {
    method: 'GET',
    path: '/company/:id/payment_methods',
    summary: 'Read payment methods',
    reply: paymentMethodsSchema,
  },
  {
    method: 'POST',
    path: '/company/:id/payment_methods/save',
    summary: 'Replaces the payment methods (order and which are accepted)',
    body: savePaymentMethodsBodySchema,
    reply: paymentMethodsSchema,
  },
]
