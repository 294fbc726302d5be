import type { RightFlag } from '../access/rights-catalogue'

/** The lifecycle of an appointment (machines/appointment-status.ts says which moves are allowed). */
export const appointmentStatuses = ['booked', 'confirmed', 'arrived', 'no_show', 'cancelled', 'paid'] as const
export type AppointmentStatus = (typeof appointmentStatuses)[number]

/**
 * The right that lets a member move an appointment to each status: confirming after a call, marking a visit (or
 * its absence, or undoing either back to booked), cancelling (a change of the appointment), taking the payment.
 */
export const statusChangeRight: Record<AppointmentStatus, RightFlag> = {
  booked: 'record_status_change_access',
  confirmed: 'record_confirm_access',
  arrived: 'record_status_change_access',
  no_show: 'record_status_change_access',
  cancelled: 'record_edit_access',
  paid: 'record_finances_payment_access',
}
