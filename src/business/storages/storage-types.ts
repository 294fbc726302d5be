import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { StorageType } from '../../../contract/storages/schemas'

/** What each type of storage holds, in the order the type select offers them. */
export const storageTypeNames: Record<StorageType, MessageDescriptor> = {
  goods: msg`Goods for sale`,
  consumables: msg`Consumables for services`,
}
