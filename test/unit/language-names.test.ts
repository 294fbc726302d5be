import { describe, expect, it } from 'vitest'
import { ownName } from '../../contract/language-names'

describe("a language's own name in the language switch", () => {
  it('is the same whichever language data the browser has, for the languages some lack', () => {
    expect(['be', 'ky', 'tg', 'hy', 'ka'].map((language) => ownName(language as 'be'))).toEqual([
      'Беларуская',
      'Кыргызча',
      'Тоҷикӣ',
      'Հայերեն',
      'ქართული',
    ])
  })

  it('comes from the language data for the others, capitalised', () => {
    expect(ownName('ru')).toBe('Русский')
    expect(ownName('de-AT')).toBe('Österreichisches Deutsch')
  })
})
