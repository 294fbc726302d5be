import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AppointmentStatus } from '../../../contract/appointments/statuses'
import type { RightFlag } from '../../../contract/access/rights-catalogue'

/** The name of each status, as a block's label and the details say it. */
export const statusNames: Record<AppointmentStatus, MessageDescriptor> = {
  booked: msg`Booked`,
  confirmed: msg`Confirmed`,
  arrived: msg`Arrived`,
  no_show: msg`No-show`,
  cancelled: msg`Cancelled`,
  paid: msg`Paid`,
}

/** The button that moves an appointment to each status. */
export const statusActions: Record<AppointmentStatus, MessageDescriptor> = {
  booked: msg`Back to booked`,
  confirmed: msg`Mark confirmed`,
  arrived: msg`Client arrived`,
  no_show: msg`Client did not come`,
  cancelled: msg`Cancel appointment`,
  paid: msg`Mark paid`,
}

/** Why a button is disabled: the right the member lacks, in words. */
export const missingRightReasons: Partial<Record<RightFlag, MessageDescriptor>> = {
  record_status_change_access: msg`Your rights in this company do not include marking visits.`,
  record_confirm_access: msg`Your rights in this company do not include confirming appointments.`,
  record_edit_access: msg`Your rights in this company do not include changing appointments.`,
  record_finances_payment_access: msg`Your rights in this company do not include taking payments.`,
  record_paid_edit_access: msg`Your rights in this company do not include changing paid appointments.`,
  record_create_access: msg`Your rights in this company do not include booking appointments.`,
}
