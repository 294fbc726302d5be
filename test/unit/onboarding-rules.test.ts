import { describe, expect, it } from 'vitest'
import { companyRoles } from '../../contract/access/role-presets'
import {
  GENERAL_PURPOSE_IDS,
  goalListOf,
  isIndividualPlaceCount,
  needsCustomPurpose,
  POSITIONS,
  positionFor,
  SHORT_PURPOSE_IDS,
  staffAnswersFor,
} from '../../contract/onboarding/rules'

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

  it('asks the general goal list on the fourth step and the short one on the fifth, both with "other"', () => {
    expect(GENERAL_PURPOSE_IDS).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 20, 11])
    expect(SHORT_PURPOSE_IDS).toEqual([21, 22, 23, 11])
    expect(goalListOf('fourth')).toBe(GENERAL_PURPOSE_IDS)
    expect(goalListOf('fifth')).toBe(SHORT_PURPOSE_IDS)
  })

  it('asks for a custom purpose only when "other" is chosen', () => {
    expect(needsCustomPurpose([12, 11])).toBe(true)
    expect(needsCustomPurpose([12, 13])).toBe(false)
  })

  it('lists the six positions with the owner first, each named by the company role it grants', () => {
    expect(POSITIONS.map((position) => position.slug)).toEqual([
      'owner',
      'manager',
      'administrator',
      'specialist',
      'marketer',
      'accountant',
    ])
    expect(POSITIONS[0].id).toBe(1)
    for (const position of POSITIONS) expect(companyRoles).toContain(position.slug)
  })
})
