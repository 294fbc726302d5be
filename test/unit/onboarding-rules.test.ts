import { describe, expect, it } from 'vitest'
import {
  generalGoalIds,
  goalListFor,
  isIndividualPlaceCount,
  needsCustomPurpose,
  positionChoices,
  positionFor,
  shortGoalIds,
  staffAnswersFor,
} from '../../machines/onboarding-rules'

describe('onboarding rules', () => {
  it('treats place count 3 as an individual practitioner', () => {
    expect(isIndividualPlaceCount(3)).toBe(true)
    expect([1, 2, 4, null, undefined].map(isIndividualPlaceCount)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ])
  })

  it('makes an individual the owner who works alone and provides the services', () => {
    expect(positionFor(true, 4)).toBe(1)
    expect(positionFor(false, 4)).toBe(4)
    expect(staffAnswersFor(true, { staffCount: 5, providesServicesThemself: false })).toEqual({
      staff_count: 1,
      is_provide_services_by_myself: true,
    })
    expect(staffAnswersFor(false, { staffCount: 3, providesServicesThemself: false })).toEqual({
      staff_count: 3,
      is_provide_services_by_myself: false,
    })
  })

  it('offers individuals the short goal list and companies the general one, both with "other"', () => {
    expect(generalGoalIds).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 20, 11])
    expect(shortGoalIds).toEqual([21, 22, 23, 11])
    expect(goalListFor(true)).toBe(shortGoalIds)
    expect(goalListFor(false)).toBe(generalGoalIds)
  })

  it('asks for a custom purpose only when "other" is chosen', () => {
    expect(needsCustomPurpose([12, 11])).toBe(true)
    expect(needsCustomPurpose([12, 13])).toBe(false)
  })

  it('lists the six positions with the owner first', () => {
    expect(positionChoices.map((choice) => choice.key)).toEqual([
      'owner',
      'manager',
      'administrator',
      'specialist',
      'marketing',
      'accountant',
    ])
    expect(positionChoices[0].id).toBe(1)
  })
})
