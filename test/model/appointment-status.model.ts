import { appointmentStatuses } from '../../contract/appointments/statuses'
import { appointmentStatusMachine } from '../../machines/appointment-status'
import type { MachineModelOptions } from '../support/model-coverage'

export const machine = appointmentStatusMachine

/** Every status change is tried from every state; the machine accepts only the moves the book offers. */
export const modelOptions: MachineModelOptions = {
  events: Object.fromEntries(appointmentStatuses.map((status) => [`status.${status}`, [{}]])),
}
