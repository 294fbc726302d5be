import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { LicenseOption, type LicenseOptionId } from '../../../contract/license/schemas'

/** The name of each licence option (SPEC.md section 3, "License option ids"), as the licence page lists it. */
export const licenceOptionNames: Record<LicenseOptionId, MessageDescriptor> = {
  [LicenseOption.SMS_NAME]: msg`SMS sender name`,
  [LicenseOption.KKM]: msg`Cash register (fiscal receipts)`,
  [LicenseOption.INVOICING]: msg`Invoicing`,
  [LicenseOption.NOTIFICATION_MODULE]: msg`Notification module`,
  [LicenseOption.KKM_SERVER]: msg`Cash register server`,
  [LicenseOption.ADDITIONAL_STAFF]: msg`Additional staff seats`,
}

/** The options bought one at a time from the option list; staff seats have a form of their own. */
export const singleOptions: LicenseOptionId[] = [
  LicenseOption.SMS_NAME,
  LicenseOption.KKM,
  LicenseOption.INVOICING,
  LicenseOption.NOTIFICATION_MODULE,
  LicenseOption.KKM_SERVER,
]
