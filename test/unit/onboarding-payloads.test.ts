import { describe, expect, it } from 'vitest'
import {
  firstStepValues,
  fourthStepValues,
  goalValues,
  registrationValues,
  secondStepValues,
  thirdStepValues,
} from '../../src/flows/onboarding/payloads'

// What each onboarding form sends (SPEC.md section 3): fields left empty are left out or null, so that the
// server's validation names them, and nothing the visitor did not choose is sent as if they had.

const form = (entries: [string, string | Blob][]) => {
  const data = new FormData()
  for (const [key, value] of entries) data.append(key, value)
  return data
}

const firstContext = {
  variant: 'older' as const,
  language: 'ru' as const,
  startedAt: 1000,
  now: 1000,
  languages: [] as string[],
}

describe('the first step', () => {
  it('sends the typed contacts, the robot check and the honeypot trimmed', () => {
    const values = firstStepValues(
      form([
        ['phone', ' +79161234567 '],
        ['email', ' anna@example.test '],
        ['google_recaptcha_v2_token', ' token '],
        ['website', ' spam.test '],
      ]),
      firstContext,
    )
    expect(values).toMatchObject({
      phone: '+79161234567',
      email: 'anna@example.test',
      google_recaptcha_v2_token: 'token',
      website: 'spam.test',
    })
  })

  it('sends null for a contact that is blank or not text', () => {
    const values = firstStepValues(
      form([
        ['phone', '   '],
        ['email', new Blob(['anna@example.test'])],
      ]),
      firstContext,
    )
    expect(values).toMatchObject({ phone: null, email: null, google_recaptcha_v2_token: null, website: null })
  })

  it('sends the Russian language id and the older version for the older table', () => {
    expect(firstStepValues(form([]), firstContext)).toMatchObject({ language_id: 1, version: 3 })
  })

  it('rounds the time spent on the form and never sends a negative one', () => {
    expect(firstStepValues(form([]), { ...firstContext, startedAt: 100, now: 1300.6 })).toMatchObject({
      form_complete_speed: 1201,
    })
    expect(firstStepValues(form([]), { ...firstContext, startedAt: 5000, now: 1000 })).toMatchObject({
      form_complete_speed: 0,
    })
  })

  it('sends at most twenty browser languages, the first ones', () => {
    const languages = Array.from({ length: 25 }, (_, index) => `l${index}`)
    const values = firstStepValues(form([]), { ...firstContext, languages })
    expect(values.languages).toEqual(languages.slice(0, 20))
  })
})

describe('the second step', () => {
  const business = form([
    ['name', ' Anna '],
    ['place_count', '2'],
    ['company_title', ' Spa '],
    ['position', '4'],
    ['city_id', '77'],
    ['promo_code', ' SPRING '],
  ])

  it('sends the newer table’s business answers with the city, promo code and version', () => {
    expect(secondStepValues(business, 'newer', false)).toEqual({
      name: 'Anna',
      place_count: 2,
      position: 4,
      city_id: 77,
      promo_code: 'SPRING',
      version: 4,
    })
  })

  it('sends no position for an individual in the newer table', () => {
    expect(secondStepValues(business, 'newer', true)).toMatchObject({ position: undefined, place_count: 2 })
    expect(secondStepValues(business, 'newer', true)).not.toHaveProperty('company_title')
  })

  it('sends null city and promo code when none is given', () => {
    expect(secondStepValues(form([['name', 'Anna']]), 'newer', false)).toMatchObject({
      city_id: null,
      promo_code: null,
      position: undefined,
    })
  })

  it('takes only positive whole numbers as ids', () => {
    for (const typed of ['0', '-2', '1.5', 'many', '']) {
      const values = secondStepValues(
        form([
          ['place_count', typed],
          ['city_id', typed],
          ['position', typed],
        ]),
        'newer',
        false,
      )
      expect(values).toMatchObject({ place_count: 0, city_id: null, position: undefined })
    }
  })

  it('sends the chosen position of a business in the older table, and the owner for an individual', () => {
    const chosen = form([
      ['name', 'Anna'],
      ['company_title', ' Spa '],
      ['position', '4'],
    ])
    expect(secondStepValues(chosen, 'older', false)).toEqual({
      name: 'Anna',
      place_count: 0,
      company_title: 'Spa',
      position: 4,
    })
    // The owner (1) is what an individual holds; the older individual payload leaves it out altogether.
    expect(secondStepValues(chosen, 'older', true)).not.toHaveProperty('position')
  })
})

describe('the third step', () => {
  it('sends a business’s line of business, staff count and whether the visitor serves clients', () => {
    const data = form([
      ['business_type_id', '301'],
      ['business_group_id', '2'],
      ['staff_count', '3'],
      ['is_provide_services_by_myself', 'on'],
    ])
    expect(thirdStepValues(data, 'older', false)).toEqual({
      business_type_id: 301,
      staff_count: 3,
      is_provide_services_by_myself: true,
    })
  })

  it('leaves the staff count out when none is chosen, and reads an unticked box as no', () => {
    expect(thirdStepValues(form([['business_type_id', '301']]), 'older', false)).toEqual({
      business_type_id: 301,
      staff_count: undefined,
      is_provide_services_by_myself: false,
    })
  })

  it('adds the company title and version in the newer table', () => {
    const data = form([
      ['business_group_id', '2'],
      ['company_title', ' Spa '],
    ])
    expect(thirdStepValues(data, 'newer', true)).toEqual({
      business_group_id: 2,
      staff_count: 1,
      is_provide_services_by_myself: true,
      company_title: 'Spa',
      version: 4,
    })
  })
})

describe('the goal steps', () => {
  it('sends the chosen goals, leaving out any that is not a known id', () => {
    expect(
      goalValues(
        form([
          ['purposes', '12'],
          ['purposes', '0'],
          ['purposes', '-3'],
          ['purposes', '2.5'],
          ['purposes', 'x'],
          ['purposes', '21'],
        ]),
      ),
    ).toEqual({ purposes: [12, 21], custom_purpose: null })
  })

  it('sends null as the custom purpose when "other" is chosen but left blank', () => {
    expect(
      goalValues(
        form([
          ['purposes', '11'],
          ['custom_purpose', '  '],
        ]),
      ),
    ).toEqual({ purposes: [11], custom_purpose: null })
  })

  it('sends the older table’s fourth step: country, city, where the visitor heard of us, promo code', () => {
    expect(
      fourthStepValues(
        form([
          ['country_id', '1'],
          ['city_id', '77'],
          ['referral_source', '3'],
          ['promo_code', ' SPRING '],
          ['purposes', '12'],
        ]),
        'older',
      ),
    ).toEqual({ country_id: 1, city_id: 77, referral_source: 3, promo_code: 'SPRING' })
    expect(fourthStepValues(form([]), 'older')).toEqual({
      country_id: undefined,
      city_id: null,
      referral_source: undefined,
      promo_code: null,
    })
  })
})

describe('the account page', () => {
  it('sends the name, both passwords as typed, and the contact the first step did not give', () => {
    expect(
      registrationValues(
        form([
          ['name', ' Anna '],
          ['password', ' secret1 '],
          ['confirm_password', ' secret1 '],
          ['email', ' anna@example.test '],
        ]),
      ),
    ).toEqual({
      name: 'Anna',
      password: ' secret1 ',
      confirm_password: ' secret1 ',
      email: 'anna@example.test',
      phone: null,
    })
  })

  it('sends empty passwords and null contacts for a form without them', () => {
    expect(registrationValues(form([['phone', '+79161234567']]))).toEqual({
      name: undefined,
      password: '',
      confirm_password: '',
      email: null,
      phone: '+79161234567',
    })
  })
})

describe('the newer table', () => {
  it('sends the first step with the newer version', () => {
    expect(firstStepValues(form([]), { ...firstContext, variant: 'newer' })).toMatchObject({ version: 4 })
  })

  it('sends the fourth step’s goals, with the custom purpose of "other"', () => {
    expect(
      fourthStepValues(
        form([
          ['purposes', '11'],
          ['custom_purpose', ' Gift cards '],
          ['country_id', '1'],
        ]),
        'newer',
      ),
    ).toEqual({ purposes: [11], custom_purpose: 'Gift cards', version: 4 })
  })
})
