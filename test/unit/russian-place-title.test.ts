import { describe, expect, it } from 'vitest'
import { looksRussian, romaniseRussian, russianTitleOf } from '../../scripts/places/russian-title'

const place = (countryCode: string, name: string, alternateNames: string[], asciiName = name) => ({
  countryCode,
  name,
  asciiName,
  alternateNames,
})

describe('the Russian name of a GeoNames place', () => {
  it('romanises Russian as BGN/PCGN does', () => {
    expect(romaniseRussian('Екатеринбург')).toBe('yekaterinburg')
    expect(romaniseRussian('Ярославль')).toBe("yaroslavl'")
  })

  it('keeps only names written as Russian writes them', () => {
    expect(looksRussian('Ростов-на-Дону')).toBe(true)
    expect(looksRussian('Київ')).toBe(false)
    expect(looksRussian('Новосибирьскъ')).toBe(false)
    expect(looksRussian('Луганськ')).toBe(false)
    expect(looksRussian('Минск ош')).toBe(false)
  })

  it('in Russia, takes the name whose romanisation is the ASCII name', () => {
    const novosibirsk = place('RU', 'Novosibirsk', [
      'Novosibirsk',
      'Новосибирьскъ',
      'Новосибирск',
      'Навасібірск',
    ])
    expect(russianTitleOf(novosibirsk)).toBe('Новосибирск')
  })

  it('in Ukraine, takes the form matching another Latin name than the Ukrainian one', () => {
    const kharkiv = place('UA', 'Kharkiv', ['Kharkiv', "Khar'kov", 'Kharkov', 'Харків', 'Харьков', 'Харкив'])
    expect(russianTitleOf(kharkiv)).toBe('Харьков')
  })

  it('elsewhere, only a single Russian-looking name, else none', () => {
    expect(russianTitleOf(place('DE', 'Berlin', ['Berlin', 'Берлин', 'Берлін']))).toBe('Берлин')
    expect(russianTitleOf(place('DE', 'Munich', ['Munich', 'Мюнхен', 'Минхен']))).toBeUndefined()
  })
})
