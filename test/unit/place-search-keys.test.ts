import { describe, expect, it } from 'vitest'
import { keysOfName, prefixesOfTerm, searchKey } from '../../server/references/place-search-keys'

describe('place search keys', () => {
  it('fold case, accents, ё and й, and punctuation', () => {
    expect(searchKey('  Ростов-на-Дону ')).toBe('ростов на дону')
    expect(searchKey('Орёл')).toBe(searchKey('ОРЕЛ'))
    expect(searchKey('Йошкар-Ола')).toBe('иошкар ола')
    expect(searchKey('Kraków')).toBe('krakow')
    expect(searchKey("%_'")).toBe('')
  })

  it('find a name by its start, a later word, and its Latin spelling', () => {
    expect(keysOfName('Санкт-Петербург')).toEqual(
      expect.arrayContaining(['санкт петербург', 'петербург', 'sankt peterburg', 'peterburg']),
    )
    expect(keysOfName('Berlin')).toEqual(['berlin'])
  })

  it('look a Cyrillic term up in both scripts', () => {
    expect(prefixesOfTerm('Моск')).toEqual(['моск', 'mosk'])
    expect(prefixesOfTerm('Mosc')).toEqual(['mosc'])
    expect(prefixesOfTerm('%%')).toEqual([])
  })
})
