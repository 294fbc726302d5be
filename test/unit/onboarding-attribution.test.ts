import { afterEach, describe, expect, it, vi } from 'vitest'
import { readCookie } from '../../src/api/cookies'
import { clearAllCookies, fourHundredDays, maxAgesWritten } from '../support/document-cookies'
import { attributionFields, recordArrival } from '../../src/flows/onboarding/attribution'

// Where a visitor came from is kept in cookies at the first visit and sent with the first step and with company
// creation (SPEC.md section 3), so a registration days later is still attributed to the first referrer.

afterEach(() => {
  clearAllCookies()
  vi.restoreAllMocks()
})

const at = (url: string) => new URL(url) as unknown as Location

describe('the first visit', () => {
  it('keeps the referrer, entry page, utm data and registration hash for 400 days', () => {
    const ages = maxAgesWritten(() =>
      recordArrival(at('https://app.test/onboarding/first?utm_source=ads'), 'https://search.test/q'),
    )
    expect(ages).toEqual({
      referer_full: fourHundredDays,
      entry_page: fourHundredDays,
      referer_domain: fourHundredDays,
      utm_data: fourHundredDays,
      utm_uuid: fourHundredDays,
    })
  })

  it('renews the kept cookies on a later visit without changing them', () => {
    recordArrival(at('https://app.test/first?utm_source=ads'), 'https://search.test/q')
    const before = attributionFields(10)
    const ages = maxAgesWritten(() =>
      recordArrival(at('https://app.test/later?utm_source=mail'), 'https://other.test/'),
    )
    expect(ages).toMatchObject({ referer_full: fourHundredDays, entry_page: fourHundredDays })
    expect(attributionFields(10)).toEqual(before)
  })

  it('sends nulls for a visitor who came without a referrer or utm parameters', () => {
    recordArrival(at('https://app.test/onboarding/first?source=ads'), '')
    expect(attributionFields(7)).toMatchObject({
      ab_group_percentage: 7,
      referer_full: null,
      entry_page: 'https://app.test/onboarding/first?source=ads',
      referer_domain: null,
      utm: null,
    })
    expect(readCookie('utm_data')).toBeNull()
  })

  it('keeps a referrer that is not a URL, without a domain', () => {
    recordArrival(at('https://app.test/'), 'not a url')
    expect(attributionFields(0)).toMatchObject({ referer_full: 'not a url', referer_domain: null })
  })

  it('keeps only the utm_ parameters, at most twenty', () => {
    const params = Array.from({ length: 25 }, (_, index) => `utm_p${index}=${index}`)
    recordArrival(at(`https://app.test/?ref=x&${params.join('&')}`), '')
    const utm = attributionFields(0).utm!
    expect(Object.keys(utm)).toEqual(Array.from({ length: 20 }, (_, index) => `utm_p${index}`))
  })

  it('keeps the first utm data when a later visit brings other utm parameters', () => {
    recordArrival(at('https://app.test/?utm_source=ads'), '')
    recordArrival(at('https://app.test/?utm_source=mail&utm_medium=cpc'), '')
    expect(attributionFields(0).utm).toEqual({ utm_source: 'ads' })
  })

  it('reads the page’s own location and referrer when none is given', () => {
    recordArrival()
    expect(attributionFields(0)).toMatchObject({ entry_page: window.location.href, referer_full: null })
  })
})

describe('the fields sent with a registration', () => {
  it('clips the referrer and entry page to 2048 characters and the domain to 255', () => {
    document.cookie = `referer_full=${'r'.repeat(2100)}; Path=/`
    document.cookie = `entry_page=${'e'.repeat(2100)}; Path=/`
    document.cookie = `referer_domain=${'d'.repeat(300)}; Path=/`
    const fields = attributionFields(0)
    expect(fields.referer_full).toBe('r'.repeat(2048))
    expect(fields.entry_page).toBe('e'.repeat(2048))
    expect(fields.referer_domain).toBe('d'.repeat(255))
  })

  it('sends no utm data when the kept cookie is not a JSON object', () => {
    document.cookie = 'utm_data=%7Bbroken; Path=/'
    expect(attributionFields(0).utm).toBeNull()
    document.cookie = 'utm_data=5; Path=/'
    expect(attributionFields(0).utm).toBeNull()
  })

  it('sends nulls when nothing was recorded', () => {
    expect(attributionFields(3)).toEqual({
      ab_group_percentage: 3,
      referer_full: null,
      entry_page: null,
      referer_domain: null,
      utm: null,
      utm_uuid: null,
    })
  })
})
