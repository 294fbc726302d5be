import { appointmentStatuses } from '../../contract/appointments/statuses'
import { appointmentStatusMachine } from '../../machines/appointment-status'
import type { MachineModelOptions } from '../support/model-coverage'

export const machine = appointmentStatusMachine

/**
 * Every status change is tried from every state, and a full refund; the machine accepts only the moves the book
 * offers and the refund's way back from paid.
 */
export const modelOptions: MachineModelOptions = {
  events: {
    ...Object.fromEntries(appointmentStatuses.map((status) => [`status.${status}`, [{}]])),
    'refund.full': [{}],
  },
}
