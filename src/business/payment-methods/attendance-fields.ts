import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

/**
 * The fields of the cash-desk window that can be pinned to its top, by slug (SPEC.md section 3, "Pinned
 * attendance item"). A pin whose slug is not here (set by another client) shows by its slug.
 */
export const attendanceFields: { slug: string; name: MessageDescriptor }[] = [
  { slug: 'comment', name: msg`Comment on the visit` },
  { slug: 'discount', name: msg`Discount` },
  { slug: 'goods', name: msg`Goods sale` },
  { slug: 'loyalty_card', name: msg`Loyalty card` },
  { slug: 'certificate', name: msg`Gift certificate` },
  { slug: 'abonement', name: msg`Season ticket` },
  { slug: 'deposit', name: msg`Client's deposit` },
]
