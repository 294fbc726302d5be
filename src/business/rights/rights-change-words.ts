import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { RightLimits } from '../../../contract/access/rights-catalogue'
import type { RightsChange } from '../../../contract/rights/schemas'
import { isFlag } from './rights-draft'
import { rightLimitTexts, rightTexts } from './right-texts'

/** A diff read out in words: the flags granted, the flags taken away, and each limit from its old to its new value. */
export interface ChangeWords {
  granted: string[]
  takenAway: string[]
  limits: string[]
}

/** The names a diff's limits are read with: the staff members', the accounts' and the appointment groups'. */
export interface LimitNames {
  staff: Map<number, string>
  accounts: Map<number, string>
  groups: Map<number, string>
}

/** A limit's value in words: no limit, a number of days, a staff member's, account's or group's name. */
function limitValue(
  i18n: I18n,
  key: keyof RightLimits,
  value: RightsChange['from'],
  names: LimitNames,
): string {
  if (value === null) return i18n._(msg`no limit`)
  if (Array.isArray(value))
    return value.length === 0
      ? i18n._(msg`none`)
      : value.map((id) => names.accounts.get(id) ?? `#${id}`).join(', ')
  if (typeof value === 'boolean') return String(value)
  if (key === 'restricted_master_id') return names.staff.get(value) ?? `#${value}`
  if (key === 'restricted_record_group_id') return names.groups.get(value) ?? i18n._(msg`a deleted group`)
  return i18n._(msg`${value} days`)
}

/** Reads the server's diff (POST .../rights/preview, or a history entry) into sentences for the owner. */
export function changeWords(
  i18n: I18n,
  changes: RightsChange[],
  names: LimitNames = { staff: new Map(), accounts: new Map(), groups: new Map() },
): ChangeWords {
  const words: ChangeWords = { granted: [], takenAway: [], limits: [] }
  for (const change of changes) {
    if (isFlag(change.key)) {
      const title = i18n._(rightTexts[change.key].title)
      ;(change.to === true ? words.granted : words.takenAway).push(title)
    } else if (change.key in rightLimitTexts) {
      const key = change.key as keyof RightLimits
      const title = i18n._(rightLimitTexts[key].title)
      const from = limitValue(i18n, key, change.from, names)
      const to = limitValue(i18n, key, change.to, names)
      words.limits.push(i18n._(msg`${title}: from ${from} to ${to}`))
    }
  }
  return words
}
