import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appointmentListSchema, appointmentSchema } from '../../contract/appointments/schemas'
import { companyCustomFieldSchema } from '../../contract/custom-fields/schemas'
import { serviceCategories, services, staff } from '../../server/db/schema'
import { createTestServer, testDatabases, type TestServer } from '../support/server-harness'
import {
  addMember,
  call,
  demoCompanies,
  expectInvalid,
  expectOk,
  type DemoCompanies,
} from './business-api-helpers'

const listUrl = (companyId: number) => `/company/${companyId}/appointments`

/**
 * The values of record-kind custom fields on appointments: stored with the appointment, answered with it, checked
 * against each field's type on the server (a 422 naming the field), and kept within the company and the rights.
 */
describe.each(testDatabases())('appointment custom field values (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  let company: number
  let staffId: number
  let serviceId: number
  const field: Record<string, number> = {}

  const addField = async (companyId: number, body: Record<string, unknown>) =>
    expectOk(
      await call(server, 'POST', `/companies/${companyId}/custom_fields`, { token: demo.demoToken, body }),
      companyCustomFieldSchema,
      201,
    ).id

  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
    company = demo.arbat
    const [category] = await server.db
      .insert(serviceCategories)
      .values({ companyId: company, title: 'Fields category' })
      .returning()
    const [member] = await server.db
      .insert(staff)
      .values({ companyId: company, name: 'Vera Fields' })
      .returning()
    staffId = member!.id
    const [service] = await server.db
      .insert(services)
      .values({ companyId: company, categoryId: category!.id, title: 'Half hour', duration: 1800 })
      .returning()
    serviceId = service!.id
    for (const date of ['2030-02-04', '2030-02-05']) {
      await call(server, 'PUT', `/company/${company}/staff/${staffId}/working_hours_exceptions/${date}`, {
        token: demo.demoToken,
        body: { intervals: [{ start: '00:00', end: '24:00' }] },
      })
    }
    field.text = await addField(company, { parent_entity_type: 'record', type: 'text', title: 'Formula' })
    field.number = await addField(company, { parent_entity_type: 'record', type: 'number', title: 'Tone' })
    field.date = await addField(company, { parent_entity_type: 'record', type: 'date', title: 'Patch test' })
    field.select = await addField(company, {
      parent_entity_type: 'record',
      type: 'select',
      title: 'Hair type',
      values: [
        { id: 'thin', title: 'Thin' },
        { id: 'thick', title: 'Thick' },
      ],
    })
    field.checkbox = await addField(company, {
      parent_entity_type: 'record',
      type: 'checkbox',
      title: 'Wash',
    })
    field.client = await addField(company, { parent_entity_type: 'client', type: 'text', title: 'Allergy' })
    field.foreign = await addField(demo.tverskaya, {
      parent_entity_type: 'record',
      type: 'text',
      title: 'Elsewhere',
    })
    // Creating a server with its demo data takes long on a busy machine.
  }, 180_000)
  afterAll(() => server.close())

  let minute = 0
  /** Books a new half hour on 2030-02-04 (a whole working day), each at its own time. */
  const book = (extra: Record<string, unknown> = {}, token = demo.demoToken) => {
    const start = minute
    minute += 30
    const time = `${String(Math.floor(start / 60)).padStart(2, '0')}:${String(start % 60).padStart(2, '0')}`
    return call(server, 'POST', listUrl(company), {
      token,
      body: { staff_id: staffId, service_ids: [serviceId], start_at: `2030-02-04T${time}`, ...extra },
    })
  }
  const patch = (id: number, body: Record<string, unknown>, token = demo.demoToken) =>
    call(server, 'PATCH', `${listUrl(company)}/${id}`, { token, body })

  it('stores every type with the booking, answers it with the appointment and in the list', async () => {
    const values = {
      [field.text!]: 'Blond 8/1, 6%',
      [field.number!]: 7.5,
      [field.date!]: '2030-01-20',
      [field.select!]: 'thick',
      [field.checkbox!]: true,
    }
    const created = expectOk(await book({ custom_fields: values }), appointmentSchema, 201)
    expect(created.custom_fields).toEqual(values)
    const list = expectOk(
      await call(server, 'GET', `${listUrl(company)}?date=2030-02-04&staff_id=${staffId}`, {
        token: demo.demoToken,
      }),
      appointmentListSchema,
    )
    expect(list.appointments.find((item) => item.id === created.id)?.custom_fields).toEqual(values)
  })

  it('changes values alone without moving the appointment, and null clears one', async () => {
    const created = expectOk(
      await book({ custom_fields: { [field.text!]: 'First' } }),
      appointmentSchema,
      201,
    )
    const edited = expectOk(
      await patch(created.id, { custom_fields: { [field.text!]: null, [field.checkbox!]: false } }),
      appointmentSchema,
    )
    expect(edited.custom_fields).toEqual({ [field.checkbox!]: false })
    expect(edited.start_at).toBe(created.start_at)
    expect(edited.end_at).toBe(created.end_at)
  })

  it.each([
    ['text', 'a'.repeat(1001)],
    ['text', 5],
    ['number', '7'],
    ['date', '2030-02-30'],
    ['date', '20.01.2030'],
    ['select', 'curly'],
    ['checkbox', 'yes'],
  ])(
    'refuses a wrong %s value %j with 422 naming the field, on create and on change',
    async (type, value) => {
      const key = `custom_fields.${field[type]!}`
      expectInvalid(await book({ custom_fields: { [field[type]!]: value } }), [key])
      const created = expectOk(await book(), appointmentSchema, 201)
      expectInvalid(await patch(created.id, { custom_fields: { [field[type]!]: value } }), [key])
    },
  )

  it('refuses a client-kind field, another company’s field and an unknown id with 422; bad shapes too', async () => {
    const created = expectOk(await book(), appointmentSchema, 201)
    for (const id of [field.client!, field.foreign!, 999_999]) {
      expectInvalid(await patch(created.id, { custom_fields: { [id]: 'x' } }), [`custom_fields.${id}`])
    }
    for (const custom_fields of [{ abc: 'x' }, { [field.text!]: { nested: 1 } }, [1, 2], 'text']) {
      const reply = await patch(created.id, { custom_fields })
      expect(reply.statusCode, reply.body).toBe(422)
    }
    // Nothing of the refused writes stayed.
    const list = expectOk(
      await call(server, 'GET', `${listUrl(company)}?date=2030-02-04&staff_id=${staffId}`, {
        token: demo.demoToken,
      }),
      appointmentListSchema,
    )
    expect(list.appointments.find((item) => item.id === created.id)?.custom_fields).toEqual({})
  })

  it('keeps values within the company: another company’s owner reaches neither the list nor the appointment', async () => {
    const created = expectOk(
      await book({ custom_fields: { [field.text!]: 'Secret' } }),
      appointmentSchema,
      201,
    )
    const list = await call(server, 'GET', `${listUrl(company)}?date=2030-02-04`, { token: demo.otherToken })
    expect([403, 404]).toContain(list.statusCode)
    expect(list.body).not.toContain('Secret')
    const write = await patch(created.id, { custom_fields: { [field.text!]: 'Mine' } }, demo.otherToken)
    expect([403, 404]).toContain(write.statusCode)
    // Through the owner's other salon the appointment does not exist.
    const viaOther = await call(server, 'PATCH', `${listUrl(demo.tverskaya)}/${created.id}`, {
      token: demo.demoToken,
      body: { custom_fields: { [field.foreign!]: 'Mine' } },
    })
    expect(viaOther.statusCode).toBe(404)
  })

  it('answers no values without the read flag and refuses writing them without the edit flag (403)', async () => {
    const created = expectOk(
      await book({ custom_fields: { [field.text!]: 'Hidden' } }),
      appointmentSchema,
      201,
    )
    const blind = await addMember(server, company, {
      role: 'administrator',
      overrides: {
        custom_fields_record_values_read_access: false,
        custom_fields_record_values_edit_access: false,
      },
    })
    const list = expectOk(
      await call(server, 'GET', `${listUrl(company)}?date=2030-02-04&staff_id=${staffId}`, {
        token: blind.token,
      }),
      appointmentListSchema,
    )
    expect(list.appointments.find((item) => item.id === created.id)?.custom_fields).toEqual({})
    const reader = await addMember(server, company, {
      role: 'administrator',
      overrides: {
        custom_fields_record_values_read_access: true,
        custom_fields_record_values_edit_access: false,
      },
    })
    const read = expectOk(
      await call(server, 'GET', `${listUrl(company)}?date=2030-02-04&staff_id=${staffId}`, {
        token: reader.token,
      }),
      appointmentListSchema,
    )
    expect(read.appointments.find((item) => item.id === created.id)?.custom_fields).toEqual({
      [field.text!]: 'Hidden',
    })
    const write = await patch(created.id, { custom_fields: { [field.text!]: 'Changed' } }, reader.token)
    expect(write.statusCode).toBe(403)
    // A move without values still works for that member.
    expectOk(await patch(created.id, { comment: 'ok' }, reader.token), appointmentSchema)
  })
})
