import { describe, expect, it } from 'vitest'
import { buildRights } from '../../contract/access/rights-catalogue'
import type { CompanyCustomField } from '../../contract/custom-fields/schemas'
import {
  createBody,
  draftOf,
  draftProblems,
  emptyDraft,
  hasProblems,
  newOptionRow,
  updateBody,
  withType,
  type FieldDraft,
} from '../../src/business/custom-fields/field-draft'
import { kindToShow, readableKindsInTabOrder } from '../../src/business/custom-fields/field-kinds'
import { orderAfterMove } from '../../src/business/custom-fields/field-order'
import { canEdit, canRead, sections, visibleSections } from '../../src/business/shell/sections'

const list = (titles: string[]): FieldDraft => ({
  ...emptyDraft('client'),
  title: 'Hair type',
  type: 'select',
  options: titles.map((title) => newOptionRow(title)),
})

describe('the custom field form', () => {
  it('starts a new field as text shown in its own kind’s window', () => {
    expect(emptyDraft('client')).toMatchObject({
      type: 'text',
      showInClientWindow: true,
      showInRecordWindow: false,
    })
    expect(emptyDraft('record')).toMatchObject({ showInClientWindow: false, showInRecordWindow: true })
  })

  it('asks for a title, not longer than the server takes', () => {
    expect(draftProblems({ ...emptyDraft('client'), title: '   ' }).title).toBe('required')
    expect(draftProblems({ ...emptyDraft('client'), title: 'x'.repeat(101) }).title).toBe('tooLong')
    expect(hasProblems(draftProblems({ ...emptyDraft('client'), title: ' Allergies ' }))).toBe(false)
  })

  it('asks a list for one option at least, blank rows not counted, and names a repeated option', () => {
    expect(draftProblems(list([])).options).toBe('required')
    expect(draftProblems(list(['  ', ''])).options).toBe('required')
    const repeated = list(['Dry', 'Oily', ' dry '])
    expect(draftProblems(repeated)).toEqual({ option: { [repeated.options[2]!.key]: 'repeated' } })
    expect(Object.values(draftProblems(list(['x'.repeat(101)])).option)).toEqual(['tooLong'])
    // Options of a field that is no list are not its concern.
    expect(hasProblems(draftProblems({ ...list([]), type: 'text' }))).toBe(false)
  })

  it('gives a field that becomes a list a row to type into, and keeps rows already typed', () => {
    const text = { ...emptyDraft('client'), title: 'Mood' }
    expect(withType(text, 'select').options).toHaveLength(1)
    const typed = list(['Calm'])
    expect(withType(withType(typed, 'text'), 'select').options.map((option) => option.title)).toEqual([
      'Calm',
    ])
  })

  it('sends trimmed values, blank rows dropped, kept keys kept, options only for a list', () => {
    const draft = list([' Dry ', '', 'Oily'])
    draft.options[2] = { ...draft.options[2]!, id: 'oily' }
    expect(createBody('client', draft)).toEqual({
      parent_entity_type: 'client',
      type: 'select',
      title: 'Hair type',
      values: [{ title: 'Dry' }, { id: 'oily', title: 'Oily' }],
      ui_options: { show_in_record_window: false, show_in_client_window: true },
    })
    expect(updateBody({ ...draft, type: 'checkbox' })).toEqual({
      type: 'checkbox',
      title: 'Hair type',
      ui_options: { show_in_record_window: false, show_in_client_window: true },
    })
    expect(updateBody(draft).values).toEqual([{ title: 'Dry' }, { id: 'oily', title: 'Oily' }])
  })

  it('fills the form from a saved field, keys and windows included', () => {
    const field = {
      id: 7,
      code: 'hair_type',
      title: 'Hair type',
      parent_entity_type: 'client',
      weight: 1,
      type: 'select',
      values: [{ id: 'wavy', title: 'Wavy' }],
      custom_field_type: { id: 4, slug: 'select', title: 'List' },
      ui_options: { show_in_record_window: true, show_in_client_window: false },
    } satisfies CompanyCustomField
    expect(draftOf(field)).toMatchObject({
      title: 'Hair type',
      type: 'select',
      options: [{ id: 'wavy', title: 'Wavy' }],
      showInRecordWindow: true,
      showInClientWindow: false,
    })
    expect(updateBody(draftOf(field)).values).toEqual([{ id: 'wavy', title: 'Wavy' }])
  })
})

describe('moving a custom field', () => {
  it('swaps it with its neighbour and gives the whole order', () => {
    expect(orderAfterMove([1, 2, 3], 2, -1)).toEqual([1, 3, 2])
    expect(orderAfterMove([1, 2, 3], 0, 1)).toEqual([2, 1, 3])
  })

  it('does nothing past either end', () => {
    expect(orderAfterMove([1, 2, 3], 0, -1)).toBeNull()
    expect(orderAfterMove([1, 2, 3], 2, 1)).toBeNull()
    expect(orderAfterMove([], 0, 1)).toBeNull()
  })
})

describe('which kinds the custom fields page shows', () => {
  const clientOnly = buildRights(['custom_fields_client_values_read_access'])
  const recordEdit = buildRights(['custom_fields_record_values_edit_access'])
  const both = buildRights([
    'custom_fields_client_values_read_access',
    'custom_fields_record_values_read_access',
  ])
  const none = buildRights([])
  const section = sections.find((item) => item.key === 'customFields')!

  it('shows a tab per readable kind, clients first', () => {
    expect(readableKindsInTabOrder(both)).toEqual(['client', 'record'])
    expect(readableKindsInTabOrder(clientOnly)).toEqual(['client'])
    expect(readableKindsInTabOrder({ ...none, custom_fields_record_values_edit_access: true })).toEqual([
      'record',
    ])
  })

  it('shows the kind asked for when readable, else the first readable one', () => {
    expect(kindToShow(both, 'record')).toBe('record')
    expect(kindToShow(both, undefined)).toBe('client')
    expect(kindToShow(clientOnly, 'record')).toBe('client')
    expect(kindToShow(recordEdit, undefined)).toBe('record')
    expect(kindToShow(none, 'client')).toBeNull()
  })

  it('lists the section when either kind is readable, editable with either edit flag', () => {
    expect(canRead(clientOnly, section)).toBe(true)
    expect(canRead(recordEdit, section)).toBe(true)
    expect(canRead(none, section)).toBe(false)
    expect(visibleSections(none).map((item) => item.key)).not.toContain('customFields')
    expect(canEdit(clientOnly, section)).toBe(false)
    expect(canEdit(recordEdit, section)).toBe(true)
  })
})
