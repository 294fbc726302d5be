import { describe, expect, it } from 'vitest'
import { LANGUAGE_IDS } from '../../contract/languages'
import {
  apiLanguageOf,
  catalogOf,
  defaultLanguage,
  isLanguage,
  lacksCatalog,
  languageOf,
  languages,
  localizedPath,
} from '../../contract/ui-languages'

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
    ['de', 'de'],
    ['pt-BR', 'pt-BR'],
    ['xx', 'ru'],
    ['EN', 'ru'],
  ])('languageOf(%s) is %s', (prefix, expected) => {
    expect(languageOf(prefix)).toBe(expected)
  })

  it('knows only its own languages', () => {
    expect(isLanguage('en')).toBe(true)
    expect(isLanguage('fr')).toBe(true)
    expect(isLanguage('pt-BR')).toBe(true)
    expect(isLanguage('pt-br')).toBe(false)
    expect(isLanguage('xx')).toBe(false)
    expect(isLanguage(1)).toBe(false)
  })

  it('speaks every language of the reference data, and the regional variants of the locale bundles', () => {
    for (const code of Object.keys(LANGUAGE_IDS)) expect(isLanguage(code), code).toBe(true)
    expect(languages.length).toBeGreaterThanOrEqual(60)
    for (const language of languages) {
      // Every one is a locale Intl knows, so dates, numbers and plurals follow it.
      expect(Intl.DateTimeFormat.supportedLocalesOf([language]), language).toEqual([language])
    }
  })

  it.each([
    ['pt-BR', 'pt', false],
    ['pt-PT', 'pt', false],
    ['de-AT', 'de', false],
    ['en-GB', 'en', false],
    ['ja', 'en', true],
    ['ar', 'en', true],
    ['ru-KZ', 'ru', false],
  ] as const)(
    '%s takes its words from the %s catalog (shown in English: %s)',
    (language, catalog, english) => {
      expect(catalogOf(language)).toBe(catalog)
      expect(lacksCatalog(language)).toBe(english)
    },
  )

  it('asks the API for Russian or English only', () => {
    expect(apiLanguageOf('ru')).toBe('ru')
    expect(apiLanguageOf('ru-KZ')).toBe('ru')
    expect(apiLanguageOf('de')).toBe('en')
    expect(apiLanguageOf('en-GB')).toBe('en')
  })
})
