import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { companyCustomFieldsSchema, customFieldItemsSchema } from '../../contract/custom-fields/schemas'
import { createTestServer, json, testDatabases, type TestServer } from '../support/server-harness'
import {
  addMember,
  call,
  demoCompanies,
  invalidFields,
  expectOk,
  type DemoCompanies,
} from './business-api-helpers'

describe.each(testDatabases())('custom fields (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  let recordOnly: string
  let noneReadable: string
  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
    recordOnly = (
      await addMember(server, demo.tverskaya, {
        overrides: { custom_fields_client_values_read_access: false },
      })
    ).token
    noneReadable = (
      await addMember(server, demo.tverskaya, {
        role: 'accountant',
        overrides: {
          custom_fields_record_values_read_access: false,
          custom_fields_client_values_read_access: false,
        },
      })
    ).token
  })
  afterAll(() => server.close())

  it('lists record fields with custom_field, its values as a list and its ui options on request', async () => {
    const reply = await call(
      server,
      'GET',
      `/custom_fields/record/${demo.tverskaya}?include=custom_field.ui_options`,
      { token: demo.demoToken },
    )
    // On the wire the values are an object of key to label.
    expect(json(reply).data[1].custom_field.values).toEqual({
      coffee: 'Coffee',
      tea: 'Tea',
      water: 'Still water',
    })
    const items = expectOk(reply, customFieldItemsSchema)
    expect(items.map((item) => item.custom_field.code)).toEqual(['allergy_notes', 'preferred_drink'])
    expect(items[1]!.custom_field).toMatchObject({
      type: 'select',
      values: [
        { id: 'coffee', title: 'Coffee' },
        { id: 'tea', title: 'Tea' },
        { id: 'water', title: 'Still water' },
      ],
      ui_options: { show_in_record_window: true, show_in_client_window: false },
    })
    const plain = expectOk(
      await call(server, 'GET', `/custom_fields/client/${demo.tverskaya}`, { token: demo.demoToken }),
      customFieldItemsSchema,
    )
    expect(plain.map((item) => item.custom_field.code)).toEqual(['hair_type', 'birthday_greeting'])
    expect(plain[0]!.custom_field.ui_options).toBeUndefined()
  })

  it('lists the company’s fields with their type from custom_field_type, filtered by parent entity', async () => {
    const all = expectOk(
      await call(
        server,
        'GET',
        `/companies/${demo.tverskaya}/custom_fields?include=custom_field_type,ui_options`,
        { token: demo.demoToken },
      ),
      companyCustomFieldsSchema,
    )
    expect(all.map((field) => [field.code, field.type, field.parent_entity_type])).toEqual([
      ['allergy_notes', 'text', 'record'],
      ['hair_type', 'select', 'client'],
      ['preferred_drink', 'select', 'record'],
      ['birthday_greeting', 'checkbox', 'client'],
    ])
    expect(all[1]!.ui_options).toEqual({ show_in_record_window: false, show_in_client_window: true })
    const clients = expectOk(
      await call(
        server,
        'GET',
        `/companies/${demo.tverskaya}/custom_fields?filter[parent_entity_type]=client`,
        { token: demo.demoToken },
      ),
      companyCustomFieldsSchema,
    )
    expect(clients.map((field) => field.code)).toEqual(['hair_type', 'birthday_greeting'])
  })

  it('answers an empty list for a kind the member may not read', async () => {
    const clientItems = await call(server, 'GET', `/custom_fields/client/${demo.tverskaya}`, {
      token: recordOnly,
    })
    expect(expectOk(clientItems, customFieldItemsSchema)).toEqual([])
    expect(
      expectOk(
        await call(server, 'GET', `/custom_fields/record/${demo.tverskaya}`, { token: recordOnly }),
        customFieldItemsSchema,
      ),
    ).toHaveLength(2)
    const company = expectOk(
      await call(server, 'GET', `/companies/${demo.tverskaya}/custom_fields`, { token: recordOnly }),
      companyCustomFieldsSchema,
    )
    expect(company.map((field) => field.parent_entity_type)).toEqual(['record', 'record'])
    const asked = await call(
      server,
      'GET',
      `/companies/${demo.tverskaya}/custom_fields?filter[parent_entity_type]=client`,
      { token: recordOnly },
    )
    expect(expectOk(asked, companyCustomFieldsSchema)).toEqual([])
    expect(
      json(await call(server, 'GET', `/companies/${demo.tverskaya}/custom_fields`, { token: noneReadable }))
        .data,
    ).toEqual([])
  })

  it('validates the kind, include and filter', async () => {
    expect(
      invalidFields(
        await call(server, 'GET', `/custom_fields/staff/${demo.tverskaya}`, { token: demo.demoToken }),
      ),
    ).toEqual(['kind'])
    expect(
      invalidFields(
        await call(server, 'GET', `/custom_fields/record/${demo.tverskaya}?include=values`, {
          token: demo.demoToken,
        }),
      ),
    ).toEqual(['include'])
    expect(
      invalidFields(
        await call(
          server,
          'GET',
          `/companies/${demo.tverskaya}/custom_fields?filter[parent_entity_type]=staff&include=x`,
          { token: demo.demoToken },
        ),
      ),
    ).toEqual(['filter[parent_entity_type]', 'include'])
  })

  it('hides another company’s fields', async () => {
    expect(
      (await call(server, 'GET', `/custom_fields/client/${demo.northern}`, { token: demo.demoToken }))
        .statusCode,
    ).toBe(404)
    expect(
      (await call(server, 'GET', `/companies/${demo.northern}/custom_fields`, { token: demo.demoToken }))
        .statusCode,
    ).toBe(404)
  })
})
