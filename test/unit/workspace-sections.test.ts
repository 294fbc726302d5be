import { describe, expect, it } from 'vitest'
import { buildRights } from '../../contract/access/rights-catalogue'
import { rightsForRole } from '../../contract/access/role-presets'
import {
  canEdit,
  canRead,
  pageOf,
  sectionNames,
  sections,
  visibleSections,
} from '../../src/business/shell/sections'

const keys = (list: { key: string }[]) => list.map((section) => section.key)

describe('the navigation follows the feature-access lookup', () => {
  it('lists every section with a screen to the owner of a chain, and the chain’s own only in a chain', () => {
    expect(keys(visibleSections(rightsForRole('owner'), true))).toEqual(keys(sections))
    expect(keys(visibleSections(rightsForRole('owner')))).toEqual(
      keys(sections).filter((key) => key !== 'chain-services'),
    )
  })

  it('lists only the overview and the modules the rights open', () => {
    expect(keys(visibleSections(buildRights(['storages_goods_access'])))).toEqual([
      'overview',
      'goods-categories',
    ])
    expect(
      keys(visibleSections(buildRights(['settings_services_access', 'settings_labels_access']))),
    ).toEqual(['overview', 'services', 'categories', 'labels'])
  })

  it('opens custom fields to a user who may only edit one kind, since edit implies read', () => {
    const rights = { ...buildRights([]), custom_fields_client_values_edit_access: true }
    expect(canRead(rights, pageOf('customFields'))).toBe(true)
    expect(canRead(buildRights([]), pageOf('customFields'))).toBe(false)
  })

  it('keeps the user’s own pages open to every member', () => {
    expect(canRead(buildRights([]), pageOf('security'))).toBe(true)
  })

  it('lists the staff to a member who may read them, read-only without a staff edit flag', () => {
    const reader = buildRights(['settings_master_access'])
    // The halls and departments belong to the staff: read with them, changed with the staff-card flag.
    expect(keys(visibleSections(reader))).toEqual(['overview', 'staff', 'record-groups'])
    expect(canEdit(reader, pageOf('staff'))).toBe(false)
    expect(canEdit(reader, pageOf('record-groups'))).toBe(false)
    expect(
      canEdit(
        buildRights(['settings_master_access', 'settings_master_edit_access']),
        pageOf('record-groups'),
      ),
    ).toBe(true)
    expect(
      canEdit(buildRights(['settings_master_access', 'settings_master_dismiss_access']), pageOf('staff')),
    ).toBe(true)
    expect(canRead(rightsForRole('specialist'), pageOf('staff'))).toBe(false)
  })

  it('names each section in the app as the server names it in the frame it draws (the same catalog source)', () => {
    for (const section of [...sections, pageOf('security')]) {
      expect(sectionNames[section.key].message, section.key).toBe(section.title)
    }
  })
})
