import { setup } from 'xstate'
import { appointmentStatuses, type AppointmentStatus } from '../contract/appointments/statuses'

/** One event per target status: `status.confirmed` asks for `confirmed`. */
export type AppointmentStatusEvent = { type: `status.${AppointmentStatus}` }

/**
 * The lifecycle of one appointment. A booking is confirmed (after a call) or not; the client then arrives or does
 * not come; a visit ends paid. Cancelling is possible until the client has arrived. A mark made by mistake can be
 * undone one step (confirmed, arrived or no-show back to booked or confirmed). Cancelled and paid are final: a
 * cancelled slot may already be someone else's, and a paid visit is changed through a refund, not here. Pure: the
 * book offers only these moves and the server refuses any other one with 409 (server/business/appointments).
 */
export const appointmentStatusMachine = setup({
  types: {
    events: {} as AppointmentStatusEvent,
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
    paid: { type: 'final', description: 'The visit is paid and closed', tags: ['success'] },
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
