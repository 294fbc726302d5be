import { getNextSnapshot, setup } from 'xstate'
import { appointmentStatuses, type AppointmentStatus } from '../contract/appointments/statuses'

/** One event per target status: `status.confirmed` asks for `confirmed`. */
export type AppointmentStatusEvent = { type: `status.${AppointmentStatus}` }

/**
 * The visit's payment has been refunded in full (POST …/refunds). Not a status anyone picks: the book never offers
 * it as a move, the refund brings it about.
 */
export type FullRefundEvent = { type: 'refund.full' }

/**
 * The lifecycle of one appointment. A booking is confirmed (after a call) or not; the client then arrives or does
 * not come; a visit ends paid. Cancelling is possible until the client has arrived. A mark made by mistake can be
 * undone one step (confirmed, arrived or no-show back to booked or confirmed). Cancelled is final: the slot may
 * already be someone else's. Paid is left only by refunding the payment in full, which returns the visit to
 * arrived (to be paid again); a partial refund leaves it paid. Pure: the book offers only these moves and the
 * server refuses any other one with 409 (server/business/appointments).
 */
export const appointmentStatusMachine = setup({
  types: {
    events: {} as AppointmentStatusEvent | FullRefundEvent,
  },
}).createMachine({
  id: 'appointmentStatus',
  initial: 'booked',
  states: {
    booked: {
      description: 'The appointment is in the book, not yet confirmed by the client',
      on: {
        'status.confirmed': { target: 'confirmed', description: 'The client confirms the appointment' },
        'status.arrived': { target: 'arrived', description: 'The client has arrived' },
        'status.no_show': { target: 'no_show', description: 'The client did not come' },
        'status.cancelled': { target: 'cancelled', description: 'The appointment is cancelled' },
      },
    },
    confirmed: {
      description: 'The client has confirmed the appointment',
      on: {
        'status.booked': { target: 'booked', description: 'The confirmation is taken back' },
        'status.arrived': { target: 'arrived', description: 'The client has arrived' },
        'status.no_show': { target: 'no_show', description: 'The client did not come' },
        'status.cancelled': { target: 'cancelled', description: 'The appointment is cancelled' },
      },
    },
    arrived: {
      description: 'The client is at the salon',
      on: {
        'status.confirmed': { target: 'confirmed', description: 'The arrival was marked by mistake' },
        'status.paid': { target: 'paid', description: 'The visit is paid' },
      },
    },
    no_show: {
      description: 'The client did not come',
      on: {
        'status.booked': { target: 'booked', description: 'The no-show was marked by mistake' },
        'status.arrived': { target: 'arrived', description: 'The client has arrived' },
      },
    },
    cancelled: { type: 'final', description: 'The appointment is cancelled and its time is free' },
    paid: {
      description: 'The visit is paid; a status is not picked from here',
      tags: ['success'],
      on: {
        'refund.full': { target: 'arrived', description: 'The payment is refunded in full' },
      },
    },
  },
})

/** The statuses an appointment in `from` may move to, as the machine allows them. */
export function nextStatuses(from: AppointmentStatus): AppointmentStatus[] {
  const snapshot = appointmentStatusMachine.resolveState({ value: from })
  return appointmentStatuses.filter((to) => snapshot.can({ type: `status.${to}` }))
}

/** Whether the machine allows moving an appointment from `from` to `to`. */
export const canChangeStatus = (from: AppointmentStatus, to: AppointmentStatus) =>
  nextStatuses(from).includes(to)

/**
 * The status a visit returns to once its payment is refunded in full, as the machine moves it; undefined when the
 * machine has no such move from `from` (a visit that is not paid has nothing to refund).
 */
export function statusAfterFullRefund(from: AppointmentStatus): AppointmentStatus | undefined {
  const snapshot = appointmentStatusMachine.resolveState({ value: from })
  if (!snapshot.can({ type: 'refund.full' })) return undefined
  return getNextSnapshot(appointmentStatusMachine, snapshot, { type: 'refund.full' })
    .value as AppointmentStatus
}
