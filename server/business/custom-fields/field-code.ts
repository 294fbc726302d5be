import { customFieldLimits } from '../../../contract/custom-fields/schemas'
import { CYRILLIC_TO_LATIN } from '../../text/cyrillic-latin'

/** Room left at the end of a code for a `_99` that tells it apart from a code already taken. */
const SUFFIX_ROOM = 4

/**
 * A code made from a title: lower-case Latin letters, digits and `_` (Cyrillic letters transliterated, accents
 * dropped, everything else a `_`), starting with a letter. A title with nothing usable (emoji, Chinese) gives
 * `fallback`. The result matches the code pattern of the contract and leaves room for a suffix.
 */
export function codeFromTitle(title: string, fallback = 'field'): string {
  const latin = [...title.toLowerCase()]
    .map((char) => CYRILLIC_TO_LATIN[char] ?? char)
    .join('')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
  const code = latin
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, customFieldLimits.code - SUFFIX_ROOM)
    .replace(/_+$/, '')
  if (code === '') return fallback
  return /^[a-z]/.test(code) ? code : `${fallback}_${code}`.slice(0, customFieldLimits.code - SUFFIX_ROOM)
}

/** `code` itself when it is free, else `code_2`, `code_3`, ... whichever is free first. */
export function uniqueCode(code: string, taken: ReadonlySet<string>): string {
  if (!taken.has(code)) return code
  for (let number = 2; ; number += 1) {
    const suffix = `_${number}`
    const candidate = `${code.slice(0, customFieldLimits.code - suffix.length)}${suffix}`
    if (!taken.has(candidate)) return candidate
  }
}

/**
 * The options of a list as they are stored, [key, label] in display order: an option keeps the key it came
 * with (the key is what the values saved on records and clients refer to); a new one gets a key made from
 * its label, unique in the list.
 */
export function keyedOptions(
  options: readonly { id?: string | undefined; title: string }[],
): [string, string][] {
  const taken = new Set(options.flatMap((option) => (option.id === undefined ? [] : [option.id])))
  return options.map((option) => {
    if (option.id !== undefined) return [option.id, option.title]
    const key = uniqueCode(codeFromTitle(option.title, 'option'), taken)
    taken.add(key)
    return [key, option.title]
  })
}
