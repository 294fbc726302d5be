import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'

/** The user roles a company membership can carry, as the user reads them. */
const roleLabels: Record<string, MessageDescriptor> = {
  owner: msg`Owner`,
  manager: msg`Manager`,
  administrator: msg`Administrator`,
  specialist: msg`Specialist`,
  marketer: msg`Marketing specialist`,
  accountant: msg`Accountant`,
}

/** A known role's label in the active language, or the role as the server named it. */
export function roleLabel(i18n: I18n, role: string): string {
  const label = roleLabels[role]
  return label ? i18n._(label) : role
}
