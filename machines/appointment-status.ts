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
      on: {
        'status.confirmed': 'confirmed',
        'status.arrived': 'arrived',
        'status.no_show': 'no_show',
        'status.cancelled': 'cancelled',
      },
    },
    confirmed: {
      on: {
        'status.booked': 'booked',
        'status.arrived': 'arrived',
        'status.no_show': 'no_show',
        'status.cancelled': 'cancelled',
      },
    },
    arrived: {
      on: {
        'status.confirmed': 'confirmed',
        'status.paid': 'paid',
      },
    },
    no_show: {
      on: {
        'status.booked': 'booked',
        'status.arrived': 'arrived',
      },
    },
    cancelled: { type: 'final' },
    paid: { type: 'final' },
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
