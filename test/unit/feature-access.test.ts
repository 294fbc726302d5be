import { describe, expect, it } from 'vitest'
import { buildRights } from '../../contract/access/rights-catalogue'
import { rightsForRole } from '../../contract/access/role-presets'
import { hasFeatureAccess, openFeatureModules } from '../../contract/access/feature-access'
import { featureModules } from '../../contract/access/feature-modules'
import { userPlaceIn } from '../../src/api/feature-access/user-place'

describe('feature access per module', () => {
  it('opens every module to the owner', () => {
    expect(openFeatureModules(rightsForRole('owner'))).toEqual(Object.keys(featureModules))
  })

  it('opens a module when the rights grant its flag, and only then', () => {
    const rights = buildRights(['storages_access'])
    expect(hasFeatureAccess(rights, 'storages')).toBe(true)
    expect(hasFeatureAccess(rights, 'goods')).toBe(false)
    expect(hasFeatureAccess(rights, 'finances')).toBe(false)
  })

  it('opens custom fields to a user who may read either kind', () => {
    expect(hasFeatureAccess(buildRights(['custom_fields_client_values_read_access']), 'custom_fields')).toBe(
      true,
    )
    // Edit implies read in a built rights object.
    expect(hasFeatureAccess(buildRights(['custom_fields_record_values_edit_access']), 'custom_fields')).toBe(
      true,
    )
    expect(hasFeatureAccess(buildRights([]), 'custom_fields')).toBe(false)
  })

  it('keeps modules closed while rights are not loaded, and for unknown modules', () => {
    expect(hasFeatureAccess(null, 'timetable')).toBe(false)
    expect(hasFeatureAccess(undefined, 'timetable')).toBe(false)
    expect(hasFeatureAccess(rightsForRole('owner'), 'teleportation')).toBe(false)
    expect(hasFeatureAccess(rightsForRole('owner'), 'toString')).toBe(false)
  })

  it('gives a specialist the timetable and records but not finances or settings', () => {
    const open = openFeatureModules(rightsForRole('specialist'))
    expect(open).toEqual(['timetable', 'records', 'custom_fields'])
  })
})

describe('the user’s place in a company', () => {
  it('reads user_role and position_id', () => {
    expect(userPlaceIn({ user_role: 'owner', position_id: null })).toEqual({
      role: 'owner',
      positionId: null,
      isOwner: true,
    })
    expect(userPlaceIn({ user_role: 'specialist', position_id: 4 })).toEqual({
      role: 'specialist',
      positionId: 4,
      isOwner: false,
    })
    expect(userPlaceIn({ user_role: 'astronaut', position_id: 2 })).toEqual({
      role: null,
      positionId: 2,
      isOwner: false,
    })
  })
})
