import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../client'
import {
  paymentMethodPinSchema,
  paymentMethodPinsSchema,
  type PaymentMethodPin,
  type PinPaymentMethodBody,
} from '../../../contract/attendance-pins/schemas'

const pinsPath = (companyId: number) => `/companies/${companyId}/attendance/payment_method_pins`

/** GET companies/{companyId}/attendance/payment_method_pins: every payment method with its pinned state. */
export function fetchPaymentMethodPins(companyId: number) {
  return apiRequest(pinsPath(companyId), { schema: paymentMethodPinsSchema })
}

export const paymentMethodPinsQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['attendance-pins', companyId, 'payment-methods'],
    queryFn: () => fetchPaymentMethodPins(companyId),
  })

export const usePaymentMethodPins = (companyId: number) => useQuery(paymentMethodPinsQueryOptions(companyId))

/** PUT companies/{companyId}/attendance/payment_method_pins {payment_method_slug, is_pinned} */
export function setPaymentMethodPin(companyId: number, body: PinPaymentMethodBody) {
  return apiRequest(pinsPath(companyId), { method: 'PUT', body, schema: paymentMethodPinSchema })
}

export function useSetPaymentMethodPin(companyId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: PinPaymentMethodBody) => setPaymentMethodPin(companyId, body),
    onSuccess: (saved) =>
      queryClient.setQueryData(
        paymentMethodPinsQueryOptions(companyId).queryKey,
        (pins: PaymentMethodPin[] = []) =>
          pins.map((pin) => (pin.payment_method_slug === saved.payment_method_slug ? saved : pin)),
      ),
  })
}
