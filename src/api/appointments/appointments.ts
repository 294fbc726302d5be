import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  appointmentListSchema,
  appointmentSchema,
  freeSlotsSchema,
  paymentOptionsSchema,
  type AppointmentCreateInput,
  type AppointmentMove,
  type AppointmentPaymentInput,
  type AppointmentRefundInput,
} from '../../../contract/appointments/schemas'
import type { AppointmentStatus } from '../../../contract/appointments/statuses'
import { apiRequest } from '../client'

/** Which part of the book to read: `days` days from `date`, of one staff member or of all. */
export interface BookRange {
  date: string
  days: number
  staffId?: number | undefined
}

/** GET /company/{id}/appointments?date&days&staff_id: the appointments and the company's time zone. */
export function fetchAppointments(companyId: number, range: BookRange) {
  return apiRequest(`/company/${companyId}/appointments`, {
    query: {
      date: range.date,
      days: range.days,
      ...(range.staffId === undefined ? {} : { staff_id: range.staffId }),
    },
    schema: appointmentListSchema,
  })
}

export const appointmentsQueryOptions = (companyId: number, range: BookRange) =>
  queryOptions({
    queryKey: ['appointments', companyId, 'list', range],
    queryFn: () => fetchAppointments(companyId, range),
  })

export const useAppointments = (companyId: number, range: BookRange) =>
  useQuery(appointmentsQueryOptions(companyId, range))

/** What the free times of a day depend on; the appointment being moved does not block itself. */
export interface FreeSlotsAsk {
  staffId: number
  serviceIds: number[]
  date: string
  appointmentId?: number | undefined
}

/** GET /company/{id}/appointments/free-slots */
export const freeSlotsQueryOptions = (companyId: number, ask: FreeSlotsAsk) =>
  queryOptions({
    queryKey: ['appointments', companyId, 'free-slots', ask],
    queryFn: () =>
      apiRequest(`/company/${companyId}/appointments/free-slots`, {
        query: {
          staff_id: ask.staffId,
          service_ids: ask.serviceIds.join(','),
          date: ask.date,
          ...(ask.appointmentId === undefined ? {} : { appointment_id: ask.appointmentId }),
        },
        schema: freeSlotsSchema,
      }),
    enabled: ask.serviceIds.length > 0 && /^\d{4}-\d{2}-\d{2}$/.test(ask.date),
    // Free time changes as colleagues book: read it again whenever the dialog asks.
    staleTime: 0,
  })

export const useFreeSlots = (companyId: number, ask: FreeSlotsAsk) =>
  useQuery(freeSlotsQueryOptions(companyId, ask))

/** After any change the book and every free-time answer are read again. */
function useBookInvalidation(companyId: number) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['appointments', companyId] })
}

/** POST /company/{id}/appointments */
export function useCreateAppointment(companyId: number) {
  const onSettled = useBookInvalidation(companyId)
  return useMutation({
    mutationFn: (body: AppointmentCreateInput) =>
      apiRequest(`/company/${companyId}/appointments`, { method: 'POST', body, schema: appointmentSchema }),
    onSettled,
  })
}

/** PATCH /company/{id}/appointments/{appointmentId}: another staff member, start or comment. */
export function useMoveAppointment(companyId: number) {
  const onSettled = useBookInvalidation(companyId)
  return useMutation({
    mutationFn: ({ id, ...body }: AppointmentMove & { id: number }) =>
      apiRequest(`/company/${companyId}/appointments/${id}`, {
        method: 'PATCH',
        body,
        schema: appointmentSchema,
      }),
    onSettled,
  })
}

/** PUT /company/{id}/appointments/{appointmentId}/status; `paid` carries its payment. */
export function useChangeAppointmentStatus(companyId: number) {
  const onSettled = useBookInvalidation(companyId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({
      id,
      status,
      payment,
    }: {
      id: number
      status: AppointmentStatus
      payment?: AppointmentPaymentInput
    }) =>
      apiRequest(`/company/${companyId}/appointments/${id}/status`, {
        method: 'PUT',
        body: payment === undefined ? { status } : { status, payment },
        schema: appointmentSchema,
      }),
    onSettled: async (_data, _error, variables) => {
      // A payment changes an account's balance too.
      if (variables.payment) await queryClient.invalidateQueries({ queryKey: ['accounts', companyId] })
      await onSettled()
    },
  })
}

/** POST /company/{id}/appointments/{appointmentId}/refunds: gives back (part of) a paid visit's payment. */
export function useRefundAppointment(companyId: number) {
  const onSettled = useBookInvalidation(companyId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: AppointmentRefundInput & { id: number }) =>
      apiRequest(`/company/${companyId}/appointments/${id}/refunds`, {
        method: 'POST',
        body,
        schema: appointmentSchema,
      }),
    onSettled: async () => {
      // A refund changes an account's balance too.
      await queryClient.invalidateQueries({ queryKey: ['accounts', companyId] })
      await onSettled()
    },
  })
}

/** GET /company/{id}/appointments/payment-options: the accounts the member may take payments into. */
export const paymentOptionsQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['appointments', companyId, 'payment-options'],
    queryFn: () =>
      apiRequest(`/company/${companyId}/appointments/payment-options`, { schema: paymentOptionsSchema }),
  })

export const usePaymentOptions = (companyId: number) => useQuery(paymentOptionsQueryOptions(companyId))
