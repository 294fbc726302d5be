/**
 * How place names are matched: both the stored search keys (scripts/build-places.ts and the loader) and the
 * typed term go through these functions, so "Москва", "МОСКВА", "Moskvá" and "moskva" meet.
 */

import { CYRILLIC_TO_LATIN } from '../text/cyrillic-latin'

/** Lower case, accents and diacritics dropped (ё → е, й → и), every run of non-letters a single space. */
export function searchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

const CYRILLIC = /\p{Script=Cyrillic}/u

export const hasCyrillic = (text: string) => CYRILLIC.test(text)

/** A search key's Cyrillic letters spelt in Latin ones; other characters are kept. */
export function latinOf(key: string): string {
  let out = ''
  for (const letter of key) out += CYRILLIC_TO_LATIN[letter] ?? letter
  return out
}

/**
 * Every key a name is found by: the whole name, each of its later words (so "peterburg" finds
 * "Sankt-Peterburg"), and the Latin spelling of each when the name is Cyrillic.
 */
export function keysOfName(name: string): string[] {
  const key = searchKey(name)
  if (!key) return []
  const keys = new Set<string>()
  const add = (whole: string) => {
    const words = whole.split(' ')
    for (let index = 0; index < words.length; index += 1) keys.add(words.slice(index).join(' '))
  }
  add(key)
  if (hasCyrillic(key)) add(latinOf(key))
  return [...keys]
}

/** The prefixes a typed term is looked up by: its key, and its Latin spelling when it has Cyrillic letters. */
export function prefixesOfTerm(term: string): string[] {
  const key = searchKey(term)
  if (!key) return []
  return hasCyrillic(key) ? [key, latinOf(key)] : [key]
}
