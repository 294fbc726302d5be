import type { Rights } from '../../contract/access/rights-catalogue'
import { rightsForRole } from '../../contract/access/role-presets'

/** More distinct role-and-overrides pairs than this start the memory again: a bound, not a policy. */
const MAX_ENTRIES = 1000

const memo = new Map<string, Readonly<Rights>>()

/**
 * rightsForRole for a member's stored role and overrides, remembered: every authenticated company request
 * needs them, and building them walks the whole rights catalogue, while a process meets only a handful of
 * distinct pairs. The value is frozen because it is shared: callers read it or copy it, never change it.
 */
export function memberRights(role: string, overrides: unknown): Readonly<Rights> {
  const stored = (overrides as Partial<Rights> | null) ?? null
  const key = stored === null ? role : `${role}\u0000${JSON.stringify(stored)}`
  let rights = memo.get(key)
  if (rights === undefined) {
    rights = Object.freeze(rightsForRole(role, stored))
    if (memo.size >= MAX_ENTRIES) memo.clear()
    memo.set(key, rights)
  }
  return rights
}
