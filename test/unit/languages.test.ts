import { describe, expect, it } from 'vitest'
import { defaultLanguage, isLanguage, languageOf, localizedPath } from '../../contract/ui-languages'

describe('languages', () => {
  it('has Russian as the default', () => {
    expect(defaultLanguage).toBe('ru')
  })

  it.each([
    ['ru', '/signin', '/signin'],
    ['ru', '/', '/'],
    ['ru', 'signin', '/signin'],
    ['en', '/signin', '/en/signin'],
    ['en', '/', '/en'],
    ['en', 'signin/abc', '/en/signin/abc'],
  ] as const)('localizedPath(%s, %s) is %s', (language, path, expected) => {
    expect(localizedPath(language, path)).toBe(expected)
  })

  it.each([
    ['en', 'en'],
    ['ru', 'ru'],
    [undefined, 'ru'],
    ['', 'ru'],
    ['de', 'ru'],
    ['EN', 'ru'],
  ])('languageOf(%s) is %s', (prefix, expected) => {
    expect(languageOf(prefix)).toBe(expected)
  })

  it('knows only its own languages', () => {
    expect(isLanguage('en')).toBe(true)
    expect(isLanguage('fr')).toBe(false)
    expect(isLanguage(1)).toBe(false)
  })
})
