import {
  rightFlags,
  type RightFlag,
  type RightLimits,
  type Rights,
} from '../../../contract/access/rights-catalogue'
import { rightsForRole } from '../../../contract/access/role-presets'
import type { RightsChange, RightsInput } from '../../../contract/rights/schemas'

const limitKeys = (base: Rights) =>
  (Object.keys(base) as (keyof Rights)[]).filter(
    (key) => !(rightFlags as readonly string[]).includes(key),
  ) as (keyof RightLimits)[]

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** Every flag and limit whose value differs between two rights objects, in catalogue order. */
export function diffRights(before: Rights, after: Rights): RightsChange[] {
  const changes: RightsChange[] = []
  for (const key of [...rightFlags, ...limitKeys(before)] as (keyof Rights)[]) {
    if (!same(before[key], after[key])) changes.push({ key, from: before[key], to: after[key] })
  }
  return changes
}

/**
 * The rights a member would have after the input is applied on top of the current ones, as the server would
 * store them: only the differences from the role's preset are kept, and edit flags still imply read flags.
 */
export function applyRightsInput(
  role: string,
  current: Rights,
  input: RightsInput,
): { rights: Rights; overrides: Partial<Rights> } {
  const preset = rightsForRole(role)
  const desired = { ...current, ...input } as Rights
  const overrides: Partial<Rights> = {}
  for (const key of [...rightFlags, ...limitKeys(preset)] as (keyof Rights)[]) {
    if (!same(desired[key], preset[key])) Object.assign(overrides, { [key]: desired[key] })
  }
  return { rights: rightsForRole(role, overrides), overrides }
}

/**
 * A change that takes something away: a flag switched off, or a limit set to any value (a limit that changes
 * from one number to another is counted too, since it may be tighter).
 */
export function isReduction(change: RightsChange): boolean {
  if (typeof change.from === 'boolean') return change.from && !change.to
  return change.to !== null
}

/** Flags being switched on that the editor does not hold: nobody may hand out more than they have. */
export function flagsBeyondEditor(changes: RightsChange[], editor: Rights): RightFlag[] {
  return changes
    .filter((change) => change.to === true && (rightFlags as readonly string[]).includes(change.key))
    .map((change) => change.key as RightFlag)
    .filter((flag) => !editor[flag])
}
