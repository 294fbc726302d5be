import { describe, expect, it } from 'vitest'
import {
  GENERAL_PURPOSE_IDS as generalGoalIds,
  SHORT_PURPOSE_IDS as shortGoalIds,
} from '../../contract/onboarding/rules'
import { countedPages, stepProgress } from '../../src/flows/onboarding/progress-view'

describe('step progress counts the pages the visitor will see', () => {
  it('counts the account page after the newer table’s fifth step for a new visitor', () => {
    expect(countedPages('newer', false)).toEqual([
      'first',
      'second',
      'third',
      'fourth',
      'fifth',
      'continue_register',
    ])
    expect(stepProgress('fifth', 'newer', false)).toEqual({ number: 5, of: 6, last: false })
    expect(stepProgress('continue_register', 'newer', false)).toEqual({ number: 6, of: 6, last: true })
  })

  it('ends with the last step for a signed-in visitor, who has no account page', () => {
    expect(stepProgress('fifth', 'newer', true)).toEqual({ number: 5, of: 5, last: true })
    expect(stepProgress('fourth', 'older', true)).toEqual({ number: 4, of: 4, last: true })
    expect(stepProgress('fourth', 'older', false)).toEqual({ number: 4, of: 5, last: false })
  })

  it('keeps the two goal lists of SPEC.md apart', () => {
    expect(generalGoalIds).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 20, 11])
    expect(shortGoalIds).toEqual([21, 22, 23, 11])
  })
})
