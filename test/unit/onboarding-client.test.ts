import * as v from 'valibot'
import { afterEach, describe, expect, it } from 'vitest'
import {
  onboardingProgressSchema,
  secondStepNewerBodySchema,
  secondStepOlderBodySchema,
} from '../../contract/onboarding/schemas'
import { attributionFields, recordArrival } from '../../src/flows/onboarding/attribution'
import {
  firstStepValues,
  fourthStepValues,
  secondStepValues,
  thirdStepValues,
} from '../../src/flows/onboarding/payloads'
import { detectCountry, withCountryCode } from '../../src/flows/onboarding/phone-country'
import { savedGoalsOf } from '../../src/flows/onboarding/saved-goals'
import { abGroupPercentage, chooseTable } from '../../src/flows/onboarding/table-choice'
import { clearAllCookies } from '../support/document-cookies'

afterEach(clearAllCookies)

const form = (entries: [string, string][]) => {
  const data = new FormData()
  for (const [key, value] of entries) data.append(key, value)
  return data
}

describe('table choice', () => {
  it('draws the A/B group once and keeps it', () => {
    expect(abGroupPercentage(() => 0.731)).toBe(73)
    expect(abGroupPercentage(() => 0.1)).toBe(73)
  })

  it('gives version A (the newer table) from the threshold 50 on, and version B (the older) below', () => {
    expect(chooseTable(new URLSearchParams(), 50)).toEqual({
      variant: 'newer',
      abVersion: 4,
      payloadVersion: 4,
    })
    expect(chooseTable(new URLSearchParams(), 49)).toEqual({
      variant: 'older',
      abVersion: 2,
      payloadVersion: 3,
    })
  })

  it('lets the page flag win and remembers it; ?ab=C is the older table', () => {
    expect(chooseTable(new URLSearchParams('onboarding=old'), 90).variant).toBe('older')
    expect(chooseTable(new URLSearchParams(), 90).variant).toBe('older')
    clearAllCookies()
    expect(chooseTable(new URLSearchParams('ab=C'), 90)).toEqual({
      variant: 'older',
      abVersion: 3,
      payloadVersion: 3,
    })
    clearAllCookies()
    expect(chooseTable(new URLSearchParams('onboarding=new'), 10).variant).toBe('newer')
  })
})

describe('attribution', () => {
  it('keeps the first referrer, entry page and utm data, with a registration hash', () => {
    recordArrival(
      new URL('https://app.test/onboarding/first?utm_source=ads&x=1') as unknown as Location,
      'https://search.test/q?a',
    )
    recordArrival(new URL('https://app.test/later') as unknown as Location, 'https://other.test/')
    const fields = attributionFields(42)
    expect(fields).toMatchObject({
      ab_group_percentage: 42,
      referer_full: 'https://search.test/q?a',
      entry_page: 'https://app.test/onboarding/first?utm_source=ads&x=1',
      referer_domain: 'search.test',
      utm: { utm_source: 'ads' },
    })
    expect(fields.utm_uuid).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('phone country', () => {
  const countries = [
    { id: 1, iso_code: 'RU', phone_code: '7' },
    { id: 2, iso_code: 'KZ', phone_code: '7' },
    { id: 1040, iso_code: 'GB', phone_code: '44' },
    { id: 1050, iso_code: 'IM', phone_code: '441624' },
  ]
  it('picks the country by the longest calling code and keeps a chosen one that shares it', () => {
    expect(detectCountry('+44 20 7946 0958', countries, null)?.iso_code).toBe('GB')
    expect(detectCountry('+44 1624 123456', countries, null)?.iso_code).toBe('IM')
    expect(detectCountry('+7 7', countries, countries[1]!)?.iso_code).toBe('KZ')
    expect(detectCountry('', countries, null)).toBeNull()
  })

  it('swaps the calling code when another country is chosen', () => {
    expect(withCountryCode('+7 912 1234567', countries[0]!, countries[2]!)).toBe('+449121234567')
  })
})

describe('step payloads', () => {
  it('sends the first step with its speed, languages, version and the honeypot', () => {
    const values = firstStepValues(
      form([
        ['phone', ' +7 912 '],
        ['email', ''],
        ['website', ''],
      ]),
      {
        variant: 'newer',
        language: 'en',
        startedAt: 100,
        now: 2600,
        languages: ['en-US', 'ru'],
      },
    )
    expect(values).toEqual({
      phone: '+7 912',
      email: null,
      form_complete_speed: 2500,
      languages: ['en-US', 'ru'],
      language_id: 2,
      google_recaptcha_v2_token: null,
      version: 4,
      website: null,
    })
  })

  it('leaves company and position out for an individual in the older second step', () => {
    const data = form([
      ['name', 'Oleg'],
      ['place_count', '3'],
      ['company_title', 'X'],
      ['position', '4'],
    ])
    expect(secondStepValues(data, 'older', true)).toEqual({ name: 'Oleg', place_count: 3 })
    expect(secondStepValues(data, 'older', false)).toEqual({
      name: 'Oleg',
      place_count: 3,
      company_title: 'X',
      position: 4,
    })
  })

  it('sends the individual third step with staff count 1 and services provided themself', () => {
    const data = form([
      ['business_group_id', '2'],
      ['staff_count', '5'],
    ])
    expect(thirdStepValues(data, 'older', true)).toEqual({
      business_group_id: 2,
      staff_count: 1,
      is_provide_services_by_myself: true,
    })
  })

  it('sends the goals with a custom purpose only when "other" is chosen', () => {
    expect(
      fourthStepValues(
        form([
          ['purposes', '12'],
          ['purposes', '11'],
          ['custom_purpose', 'Gift cards'],
        ]),
        'newer',
      ),
    ).toEqual({
      purposes: [12, 11],
      custom_purpose: 'Gift cards',
      version: 4,
    })
    expect(
      fourthStepValues(
        form([
          ['purposes', '12'],
          ['custom_purpose', 'ignored'],
        ]),
        'newer',
      ),
    ).toEqual({
      purposes: [12],
      custom_purpose: null,
      version: 4,
    })
  })

  it('sends place_count 0 when none is chosen, which the schema accepts as its default', () => {
    expect(secondStepValues(form([['name', 'Anna']]), 'newer', false)).toMatchObject({ place_count: 0 })
    // Left out altogether, it defaults to 0 instead of failing with the validator's own words.
    const older = v.safeParse(secondStepOlderBodySchema, { name: 'Anna', company_title: 'Spa', position: 2 })
    expect(older.success && older.output.place_count).toBe(0)
    const newer = v.safeParse(secondStepNewerBodySchema, { name: 'Anna', position: 2, version: 4 })
    expect(newer.success && newer.output.place_count).toBe(0)
  })

  it('keeps the fifth step goals apart from the fourth step goals', () => {
    const reply = {
      id: 41,
      is_completed: false,
      last_completed_step: 4,
      email: null,
      company_title: 'Spa',
      promo_code: null,
      position: 2,
      place_count_id: 1,
      staff_count_id: 2,
      is_provide_services_by_myself: false,
      referral_source_id: null,
      purposes: [12, 11],
      country_id: null,
      city_id: null,
      business_type_id: 301,
      phone: null,
      version: 4,
      name: 'Anna',
      business_group_id: null,
      custom_purpose: 'Train staff',
      fifth_step_purposes: [22, 11],
      fifth_step_custom_purpose: 'Sell cosmetics',
    }
    const progress = v.parse(onboardingProgressSchema, reply)
    expect(savedGoalsOf(progress, 'fourth')).toEqual({ purposes: [12, 11], customPurpose: 'Train staff' })
    expect(savedGoalsOf(progress, 'fifth')).toEqual({ purposes: [22, 11], customPurpose: 'Sell cosmetics' })
  })
})
