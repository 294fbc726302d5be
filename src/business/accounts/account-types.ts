import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AccountType } from '../../../contract/accounts/schemas'

/** What each type of account is called, in the order the type select offers them. */
export const accountTypeNames: Record<AccountType, MessageDescriptor> = {
  cash: msg`Cash desk`,
  bank: msg`Bank account`,
}
