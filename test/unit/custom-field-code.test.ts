import { describe, expect, it } from 'vitest'
import { codeFromTitle, keyedOptions, uniqueCode } from '../../server/business/custom-fields/field-code'

const codePattern = /^[a-z][a-z0-9_]{0,49}$/

describe('the code of a custom field made from its title', () => {
  it('writes the title in lower-case Latin with _ between the words', () => {
    expect(codeFromTitle('Hair type')).toBe('hair_type')
    expect(codeFromTitle('  Allergy -- notes!  ')).toBe('allergy_notes')
    expect(codeFromTitle('Crème brûlée')).toBe('creme_brulee')
  })

  it('transliterates Russian, й and щ included', () => {
    expect(codeFromTitle('Аллергия на краску')).toBe('allergiya_na_krasku')
    expect(codeFromTitle('Любимый мастер')).toBe('lyubimyy_master')
    expect(codeFromTitle('Щётка, ёж и подъезд')).toBe('shchetka_ezh_i_podezd')
  })

  it('transliterates the Ukrainian and Kazakh letters too', () => {
    expect(codeFromTitle('Їжа та напої')).toBe('izha_ta_napoi')
    expect(codeFromTitle('Єдність')).toBe('yednist')
    expect(codeFromTitle('Қызмет түрі')).toBe('kyzmet_turi')
  })

  it('starts with a letter and falls back when nothing usable is left', () => {
    expect(codeFromTitle('2nd visit')).toBe('field_2nd_visit')
    expect(codeFromTitle('💇‍♀️ 发型')).toBe('field')
    expect(codeFromTitle('???', 'option')).toBe('option')
  })

  it('stays short enough for a suffix and matches the contract pattern', () => {
    const code = codeFromTitle('a very long title '.repeat(10))
    expect(code.length).toBeLessThanOrEqual(46)
    expect(code.endsWith('_')).toBe(false)
    for (const title of ['Hair type', 'Аллергия', '2nd', '', 'x'.repeat(200), '__a__']) {
      expect(codeFromTitle(title)).toMatch(codePattern)
    }
  })
})

describe('a free code', () => {
  it('is the code itself when free, else the first free numbered one', () => {
    expect(uniqueCode('hair', new Set())).toBe('hair')
    expect(uniqueCode('hair', new Set(['hair']))).toBe('hair_2')
    expect(uniqueCode('hair', new Set(['hair', 'hair_2', 'hair_3']))).toBe('hair_4')
  })

  it('cuts a long code to make room for the number', () => {
    const long = 'a'.repeat(50)
    expect(uniqueCode(long, new Set([long]))).toBe(`${'a'.repeat(48)}_2`)
  })
})

describe('the options of a list as stored', () => {
  it('keeps the keys given and makes unique keys for new options', () => {
    expect(
      keyedOptions([
        { id: 'dry', title: 'Very dry' },
        { title: 'Dry' },
        { title: 'Oily' },
        { title: 'dry!' },
      ]),
    ).toEqual([
      ['dry', 'Very dry'],
      ['dry_2', 'Dry'],
      ['oily', 'Oily'],
      ['dry_3', 'dry!'],
    ])
  })

  it('never gives a new option a key that a later option brings', () => {
    expect(keyedOptions([{ title: 'Tea' }, { id: 'tea', title: 'Green tea' }])).toEqual([
      ['tea_2', 'Tea'],
      ['tea', 'Green tea'],
    ])
  })
})
