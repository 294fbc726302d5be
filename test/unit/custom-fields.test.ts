import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { buildRights } from '../../contract/access/rights-catalogue'
import { apiBase } from '../../src/api/client'
import { fetchCompanyCustomFields, fetchCustomFieldItems } from '../../src/api/custom-fields/custom-fields'
import {
  canEditCustomFields,
  canReadCustomFields,
  customFieldsEntityFilter,
} from '../../src/api/custom-fields/read-access'
import {
  companyCustomFieldSchema,
  customFieldItemSchema,
  showsInWindow,
} from '../../contract/custom-fields/schemas'
import { ok } from '../support/msw-api'
import { seenRequests, useMswServer } from '../support/msw-server'

const server = useMswServer()

const both = buildRights([
  'custom_fields_record_values_read_access',
  'custom_fields_client_values_read_access',
])
const recordOnly = buildRights(['custom_fields_record_values_read_access'])
const clientEditOnly = { ...buildRights([]), custom_fields_client_values_edit_access: true }
const none = buildRights([])

const wireField = {
  id: 4,
  code: 'hair_type',
  title: 'Hair type',
  parent_entity_type: 'client',
  weight: 1,
  values: { straight: 'Straight', curly: 'Curly' },
  custom_field_type: { id: 4, slug: 'select', title: 'List' },
  ui_options: { show_in_record_window: false, show_in_client_window: true },
}

describe('custom field parsing', () => {
  it('turns the values object into a list and takes the type from custom_field_type', () => {
    const field = v.parse(companyCustomFieldSchema, wireField)
    expect(field.type).toBe('select')
    expect(field.values).toEqual([
      { id: 'straight', title: 'Straight' },
      { id: 'curly', title: 'Curly' },
    ])
  })

  it('reads an empty values array as an empty list', () => {
    expect(v.parse(companyCustomFieldSchema, { ...wireField, values: [] }).values).toEqual([])
    const item = v.parse(customFieldItemSchema, {
      id: 1,
      custom_field: { id: 1, code: 'notes', title: 'Notes', type: 'text', values: [] },
    })
    expect(item.custom_field.values).toEqual([])
  })

  it('shows a field in a dialog only with the matching ui option', () => {
    const { ui_options } = v.parse(companyCustomFieldSchema, wireField)
    expect(showsInWindow(ui_options, 'client')).toBe(true)
    expect(showsInWindow(ui_options, 'record')).toBe(false)
    expect(showsInWindow(undefined, 'client')).toBe(false)
  })
})

describe('custom field read access', () => {
  it('treats edit access as read access', () => {
    expect(canReadCustomFields(clientEditOnly, 'client')).toBe(true)
    expect(canEditCustomFields(clientEditOnly, 'client')).toBe(true)
    expect(canReadCustomFields(clientEditOnly, 'record')).toBe(false)
  })

  it('filters by the one readable kind, not at all when both are readable', () => {
    expect(customFieldsEntityFilter(both)).toBeNull()
    expect(customFieldsEntityFilter(recordOnly)).toBe('record')
    expect(customFieldsEntityFilter(clientEditOnly)).toBe('client')
    expect(customFieldsEntityFilter(none)).toBe('none')
  })
})

describe('custom field fetching', () => {
  it('fetches nothing and answers an empty list without read access', async () => {
    // Strict MSW: any request here would fail the test.
    expect(await fetchCustomFieldItems('client', 1, recordOnly)).toEqual([])
    expect(await fetchCompanyCustomFields(1, none)).toEqual([])
    expect(seenRequests).toEqual([])
  })

  it('sends the filter of the one readable kind and parses the reply', async () => {
    let query: URLSearchParams | undefined
    server.use(
      http.get(`${apiBase}/companies/1/custom_fields`, ({ request }) => {
        query = new URL(request.url).searchParams
        return ok([{ ...wireField, parent_entity_type: 'record', code: 'allergy' }])
      }),
    )
    const fields = await fetchCompanyCustomFields(1, recordOnly)
    expect(query?.get('filter[parent_entity_type]')).toBe('record')
    expect(query?.get('include')).toBe('custom_field_type,ui_options')
    expect(fields.map((field) => [field.code, field.type])).toEqual([['allergy', 'select']])
    await fetchCompanyCustomFields(1, both)
    expect(query?.has('filter[parent_entity_type]')).toBe(false)
  })

  it('answers an empty list when the record or client call fails', async () => {
    server.use(
      http.get(`${apiBase}/custom_fields/record/1`, () =>
        HttpResponse.json({ success: false }, { status: 500 }),
      ),
    )
    expect(await fetchCustomFieldItems('record', 1, both)).toEqual([])
  })
})
