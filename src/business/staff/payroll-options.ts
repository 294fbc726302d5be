import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { salaryDateBases, salaryModes, salarySplitModes } from '../../../contract/salary/schemas'

/** What each payroll setting's value means to a salon owner (SPEC.md section 3, payroll setting enums). */
export const dateBasisLabels: Record<(typeof salaryDateBases)[number], MessageDescriptor> = {
  sale_date: msg`On the day of the sale`,
  funds_receipt_date: msg`On the day the money is received`,
}

export const splitModeLabels: Record<(typeof salarySplitModes)[number], MessageDescriptor> = {
  none: msg`Not taken into account`,
  subtract_from_payment: msg`Subtracted from the amount the pay is counted from`,
  professional_only: msg`Borne by the specialist alone`,
  professional_and_assistant_proportionally: msg`Shared by the specialist and the assistant in proportion`,
  professional_and_business_proportionally: msg`Shared by the specialist and the salon in proportion`,
  professional_and_assistant_and_business_proportionally: msg`Shared by the specialist, the assistant and the salon in proportion`,
}

export const modeLabels: Record<(typeof salaryModes)[number], MessageDescriptor> = {
  none: msg`No payroll calculation`,
  single: msg`One scheme for every service`,
  full: msg`The full scheme with rules per service and goods`,
  split: msg`Split between the specialist and the assistant`,
}
