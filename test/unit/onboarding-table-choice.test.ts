import { afterEach, describe, expect, it, vi } from 'vitest'
import { readCookie } from '../../src/api/cookies'
import { clearAllCookies, fourHundredDays, maxAgesWritten } from '../support/document-cookies'
import { abGroupPercentage, chooseTable } from '../../src/flows/onboarding/table-choice'

// Which route table a visitor sees and which A/B version is reported (SPEC.md section 9, docs/decisions.md).

afterEach(() => {
  clearAllCookies()
  vi.restoreAllMocks()
})

const search = (query = '') => new URLSearchParams(query)

describe('the A/B group', () => {
  it('draws a group from 0 to 99 for a new visitor and keeps it for 400 days', () => {
    let drawn = -1
    const ages = maxAgesWritten(() => {
      drawn = abGroupPercentage(() => 0.999)
    })
    expect(drawn).toBe(99)
    expect(ages).toEqual({ ab_group_percentage: fourHundredDays })
    expect(readCookie('ab_group_percentage')).toBe('99')
  })

  it('draws a group even when the draw is zero, and keeps a kept 0', () => {
    expect(abGroupPercentage(() => 0)).toBe(0)
    expect(abGroupPercentage(() => 0.5)).toBe(0)
  })

  it('draws again when the kept group is not a whole number from 0 to 99', () => {
    for (const kept of ['100', '-1', '5.5', 'abc']) {
      document.cookie = `ab_group_percentage=${kept}; Path=/`
      expect(abGroupPercentage(() => 0.42)).toBe(42)
    }
    document.cookie = 'ab_group_percentage=99; Path=/'
    expect(abGroupPercentage(() => 0.42)).toBe(99)
  })

  it('draws a new visitor’s group with Math.random by default', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.37)
    expect(abGroupPercentage()).toBe(37)
  })
})

describe('the route table', () => {
  it('remembers a page flag for 400 days and lets it win over the A/B version', () => {
    const ages = maxAgesWritten(() => {
      expect(chooseTable(search('onboarding=old&ab=A'), 90)).toEqual({
        variant: 'older',
        abVersion: 4,
        payloadVersion: 3,
      })
    })
    expect(ages).toEqual({ onboarding_table: fourHundredDays, onboarding_ab: fourHundredDays })
    expect(chooseTable(search(), 10)).toEqual({ variant: 'older', abVersion: 4, payloadVersion: 3 })
  })

  it('shows the newer table for ?onboarding=new whatever the A/B version', () => {
    expect(chooseTable(search('onboarding=new&ab=b'), 90)).toEqual({
      variant: 'newer',
      abVersion: 2,
      payloadVersion: 4,
    })
  })

  it('ignores an unknown page flag or A/B version', () => {
    const ages = maxAgesWritten(() => {
      expect(chooseTable(search('onboarding=beta&ab=D'), 10)).toEqual({
        variant: 'older',
        abVersion: 2,
        payloadVersion: 3,
      })
    })
    expect(ages).toEqual({})
  })

  it('takes ?ab= in any case and remembers it: A is the newer table, B and C the older', () => {
    expect(chooseTable(search('ab=a'), 0)).toEqual({ variant: 'newer', abVersion: 4, payloadVersion: 4 })
    expect(chooseTable(search(), 0)).toEqual({ variant: 'newer', abVersion: 4, payloadVersion: 4 })
    expect(chooseTable(search('ab=B'), 99)).toEqual({ variant: 'older', abVersion: 2, payloadVersion: 3 })
    expect(chooseTable(search('ab=c'), 99)).toEqual({ variant: 'older', abVersion: 3, payloadVersion: 3 })
  })

  it('follows the A/B group when nothing is flagged: version A from 50, version B below', () => {
    expect(chooseTable(search(), 50)).toEqual({ variant: 'newer', abVersion: 4, payloadVersion: 4 })
    expect(chooseTable(search(), 49)).toEqual({ variant: 'older', abVersion: 2, payloadVersion: 3 })
  })
})
