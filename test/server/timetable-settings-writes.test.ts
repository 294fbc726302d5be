import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { timetableSettingsReplySchema } from '../../contract/timetable/schemas'
import { auditLog } from '../../server/db/schema'
import { createTestServer, testDatabases, type TestServer } from '../support/server-harness'
import {
  addMember,
  call,
  demoCompanies,
  expectInvalid,
  expectOk,
  type DemoCompanies,
} from './business-api-helpers'

const url = (companyId: number) => `/company/${companyId}/timetable/settings`

describe.each(testDatabases())('changing the timetable settings (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
  })
  afterAll(() => server.close())

  const read = async (companyId: number, token: string) =>
    expectOk(await call(server, 'GET', url(companyId), { token }), timetableSettingsReplySchema)

  it('changes the flags the body names, keeps the others, and records who did it', async () => {
    // Northern Barbers has no settings row yet: the first save makes one.
    const saved = expectOk(
      await call(server, 'PUT', url(demo.northern), {
        token: demo.otherToken,
        body: { is_need_sum_record_technical_breaks: true },
      }),
      timetableSettingsReplySchema,
    )
    expect(saved).toEqual({
      is_show_newsletter_agreement: false,
      is_show_personal_data_processing_agreement: false,
      is_need_sum_record_technical_breaks: true,
      agreements_offered: true,
    })
    await call(server, 'PUT', url(demo.northern), {
      token: demo.otherToken,
      body: { is_show_newsletter_agreement: true },
    })
    expect(await read(demo.northern, demo.otherToken)).toMatchObject({
      is_show_newsletter_agreement: true,
      is_need_sum_record_technical_breaks: true,
    })
    const entries = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, demo.northern), eq(auditLog.action, 'timetable_settings_updated')))
    expect(entries).toHaveLength(2)
  })

  it('refuses a body that is not three true-or-false flags, and changes nothing', async () => {
    const before = await read(demo.tverskaya, demo.demoToken)
    const send = (body: unknown) => call(server, 'PUT', url(demo.tverskaya), { token: demo.demoToken, body })
    expectInvalid(await send({ is_need_sum_record_technical_breaks: 'yes' }), [
      'is_need_sum_record_technical_breaks',
    ])
    expect((await send({ is_need_sum_record_technical_breaks: false, colour: 'red' })).statusCode).toBe(422)
    expect((await send([false])).statusCode).toBe(422)
    expectInvalid(await send({}), ['_'])
    expect(await read(demo.tverskaya, demo.demoToken)).toEqual(before)
  })

  it('lets only a member with the settings edit flag change them', async () => {
    const before = await read(demo.tverskaya, demo.demoToken)
    const reader = await addMember(server, demo.tverskaya, { overrides: { timetable_access: true } })
    expect((await read(demo.tverskaya, reader.token)).is_need_sum_record_technical_breaks).toBe(
      before.is_need_sum_record_technical_breaks,
    )
    const refused = await call(server, 'PUT', url(demo.tverskaya), {
      token: reader.token,
      body: { is_need_sum_record_technical_breaks: !before.is_need_sum_record_technical_breaks },
    })
    expect(refused.statusCode).toBe(403)
    const editor = await addMember(server, demo.tverskaya, {
      overrides: { timetable_access: true, timetable_settings_edit_access: true },
    })
    const allowed = await call(server, 'PUT', url(demo.tverskaya), {
      token: editor.token,
      body: { is_need_sum_record_technical_breaks: before.is_need_sum_record_technical_breaks },
    })
    expect(allowed.statusCode).toBe(200)
    expect(await read(demo.tverskaya, demo.demoToken)).toEqual(before)
  })
})
