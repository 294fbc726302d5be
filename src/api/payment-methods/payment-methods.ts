import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../client'
import { paymentMethodsSchema, type SavePaymentMethodsBody } from '../../../contract/payment-methods/schemas'

/** GET /company/{companyId}/payment_methods */
export function fetchPaymentMethods(companyId: number) {
  return apiRequest(`/company/${companyId}/payment_methods`, { schema: paymentMethodsSchema })
}

export const paymentMethodsQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: ['payment-methods', companyId], queryFn: () => fetchPaymentMethods(companyId) })

export const usePaymentMethods = (companyId: number) => useQuery(paymentMethodsQueryOptions(companyId))

/** POST /company/{companyId}/payment_methods/save {payment_methods}: replaces the list and answers it. */
export function savePaymentMethods(companyId: number, body: SavePaymentMethodsBody) {
  return apiRequest(`/company/${companyId}/payment_methods/save`, {
    method: 'POST',
    body,
    schema: paymentMethodsSchema,
  })
}

export function useSavePaymentMethods(companyId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SavePaymentMethodsBody) => savePaymentMethods(companyId, body),
    onSuccess: async (methods) => {
      queryClient.setQueryData(paymentMethodsQueryOptions(companyId).queryKey, methods)
      // Removed methods lose their pins, so the pins are read again.
      await queryClient.invalidateQueries({ queryKey: ['attendance-pins', companyId] })
    },
  })
}
