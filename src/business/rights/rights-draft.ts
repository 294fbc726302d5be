import {
  editImpliesRead,
  rightFlags,
  type RightFlag,
  type RightLimits,
  type Rights,
} from '../../../contract/access/rights-catalogue'

/**
 * Ticks or unticks one flag of the draft the way the server reads rights: ticking an edit flag ticks the read
 * flag it needs, and unticking a read flag unticks the edit flags that need it.
 */
export function withFlag(draft: Rights, flag: RightFlag, on: boolean): Rights {
  const next = { ...draft, [flag]: on }
  for (const [edit, read] of editImpliesRead) {
    if (on && flag === edit) next[read] = true
    if (!on && flag === read) next[edit] = false
  }
  return next
}

/** The read flags that an edit flag of the draft needs, with that edit flag: shown ticked and locked. */
export function lockedReads(draft: Rights): Map<RightFlag, RightFlag> {
  const locked = new Map<RightFlag, RightFlag>()
  for (const [edit, read] of editImpliesRead) if (draft[edit]) locked.set(read, edit)
  return locked
}

/** Sets one numeric limit of the draft. */
export function withLimit<K extends keyof RightLimits>(draft: Rights, key: K, value: RightLimits[K]): Rights {
  return { ...draft, [key]: value }
}

/** Reads a day-count field: empty is no limit, a whole number from 0 to 3650 is a limit, anything else invalid. */
export function dayCountOf(text: string): number | null | 'invalid' {
  const trimmed = text.trim()
  if (trimmed === '') return null
  if (!/^\d{1,4}$/.test(trimmed)) return 'invalid'
  const days = Number(trimmed)
  return days <= 3650 ? days : 'invalid'
}

/** Whether a key of the rights object is a flag (the rest are the numeric limits). */
export const isFlag = (key: string): key is RightFlag => (rightFlags as readonly string[]).includes(key)

/** How many flags of a list the draft grants. */
export const grantedCount = (draft: Rights, flags: readonly RightFlag[]) =>
  flags.filter((flag) => draft[flag]).length

/**
 * The flags a search finds: the words of the query must each appear in the flag's title, its description or
 * its key (case and letter "ё" aside), so "клиент телефон" and "phones_export" both find what they name.
 */
export function matchesSearch(query: string, flag: RightFlag, title: string, description: string) {
  const normalise = (text: string) => text.toLocaleLowerCase().replaceAll('ё', 'е')
  const haystack = normalise(`${title} ${description} ${flag}`)
  return normalise(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word))
}
