import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rightsForRole } from '../../contract/access/role-presets'
import { companySchema } from '../../contract/companies/schemas'
import {
  memberRightsSchema,
  rightsHistorySchema,
  rightsPreviewSchema,
  rightsSavedSchema,
} from '../../contract/rights/schemas'
import { createTestServer, testDatabases, type TestServer } from '../support/server-harness'
import { addMember, call, expectInvalid, expectOk, signInCast } from './business-api-helpers'

describe.each(testDatabases())('rights (%s)', (kind) => {
  let server: TestServer
  let cast: Awaited<ReturnType<typeof signInCast>>
  let companyId: number
  const rightsUrl = (userId: number) => `/company/${companyId}/users/${userId}/rights`

  beforeAll(async () => {
    server = await createTestServer(kind)
    cast = await signInCast(server)
    companyId = cast.ids.tverskaya.id
  })
  afterAll(() => server.close())

  it('answers the user’s whole rights object with the company', async () => {
    const own = expectOk(
      await call(server, 'GET', `/company/${companyId}/`, { token: cast.owner }),
      companySchema,
    )
    expect(own.access).toEqual(rightsForRole('owner'))
    const member = expectOk(
      await call(server, 'GET', `/company/${companyId}`, { token: cast.member }),
      companySchema,
    )
    expect(member.access).toEqual(rightsForRole('specialist'))
    expect(member.access.settings_master_access).toBe(false)
    expect(member.access.edit_records_last_days_count).toBe(1)
  })

  it('previews a change as a diff without saving it, then saves and records it', async () => {
    const change = {
      rights: { settings_master_access: true, timetable_access: false, edit_records_last_days_count: 3 },
    }
    const preview = expectOk(
      await call(server, 'POST', `${rightsUrl(cast.memberId)}/preview`, { token: cast.owner, body: change }),
      rightsPreviewSchema,
    )
    expect(preview.changes).toEqual([
      { key: 'settings_master_access', from: false, to: true },
      { key: 'timetable_access', from: true, to: false },
      { key: 'edit_records_last_days_count', from: 1, to: 3 },
    ])
    const unchanged = expectOk(
      await call(server, 'GET', rightsUrl(cast.memberId), { token: cast.owner }),
      memberRightsSchema,
    )
    expect(unchanged.rights).toEqual(rightsForRole('specialist'))

    const saved = expectOk(
      await call(server, 'PUT', rightsUrl(cast.memberId), { token: cast.owner, body: change }),
      rightsSavedSchema,
    )
    expect(saved.changes).toEqual(preview.changes)
    expect(saved.rights).toMatchObject({
      settings_master_access: true,
      timetable_access: false,
      edit_records_last_days_count: 3,
    })
    const company = expectOk(
      await call(server, 'GET', `/company/${companyId}/`, { token: cast.member }),
      companySchema,
    )
    expect(company.access).toEqual(saved.rights)
    // The member can now read staff settings, which the flag guards.
    expect(
      (await call(server, 'GET', `/staff/users?company_id=${companyId}`, { token: cast.member })).statusCode,
    ).toBe(200)

    const again = expectOk(
      await call(server, 'PUT', rightsUrl(cast.memberId), { token: cast.owner, body: change }),
      rightsSavedSchema,
    )
    expect(again.changes).toEqual([])
    const history = expectOk(
      await call(server, 'GET', `${rightsUrl(cast.memberId)}/history`, { token: cast.owner }),
      rightsHistorySchema,
    )
    expect(history).toHaveLength(1)
    expect(history[0]).toMatchObject({
      user_id: cast.memberId,
      changed_by: { id: cast.ownerId, name: 'Anna Demo' },
      changes: preview.changes,
    })
    expect(Date.parse(history[0]!.changed_at)).toBeGreaterThan(Date.now() - 60_000)
  })

  it('keeps edit implying read when a read flag is switched off', async () => {
    const preview = expectOk(
      await call(server, 'POST', `${rightsUrl(cast.memberId)}/preview`, {
        token: cast.owner,
        body: {
          rights: {
            custom_fields_record_values_edit_access: true,
            custom_fields_record_values_read_access: false,
          },
        },
      }),
      rightsPreviewSchema,
    )
    expect(preview.changes).toEqual([
      { key: 'custom_fields_record_values_edit_access', from: false, to: true },
    ])
  })

  it('never reduces the owner, and nobody else changes their own rights or grants what they lack', async () => {
    expectInvalid(
      await call(server, 'PUT', rightsUrl(cast.ownerId), {
        token: cast.owner,
        body: {
          rights: { billing_access: false, finances_last_days_count: 2 },
        },
      }),
      ['rights.billing_access', 'rights.finances_last_days_count'],
    )
    const manager = await addMember(server, companyId, { role: 'manager' })
    expectOk(
      await call(server, 'PUT', rightsUrl(manager.userId), {
        token: cast.owner,
        body: {
          rights: { users_rights_edit_access: true },
        },
      }),
      rightsSavedSchema,
    )
    expect(
      (
        await call(server, 'PUT', rightsUrl(manager.userId), {
          token: manager.token,
          body: {
            rights: { billing_access: true },
          },
        })
      ).statusCode,
    ).toBe(403)
    expectInvalid(
      await call(server, 'PUT', rightsUrl(cast.memberId), {
        token: manager.token,
        body: {
          rights: { options_api_access: true, clients_access: true },
        },
      }),
      ['rights.options_api_access'],
    )
  })

  it('applies two concurrent saves one after the other, recording both', async () => {
    const target = await addMember(server, companyId, { role: 'accountant' })
    await Promise.all([
      call(server, 'PUT', rightsUrl(target.userId), {
        token: cast.owner,
        body: { rights: { clients_access: true } },
      }),
      call(server, 'PUT', rightsUrl(target.userId), {
        token: cast.owner,
        body: { rights: { timetable_access: true } },
      }),
    ])
    const after = expectOk(
      await call(server, 'GET', rightsUrl(target.userId), { token: cast.owner }),
      memberRightsSchema,
    )
    expect([after.rights.clients_access, after.rights.timetable_access]).toEqual([true, true])
    const history = expectOk(
      await call(server, 'GET', `${rightsUrl(target.userId)}/history`, { token: cast.owner }),
      rightsHistorySchema,
    )
    expect(history).toHaveLength(2)
  })

  it('answers each invalid field and unknown members', async () => {
    expectInvalid(
      await call(server, 'PUT', rightsUrl(cast.memberId), {
        token: cast.owner,
        body: {
          rights: { clients_access: 'yes', edit_records_last_days_count: -1, no_such_flag: true },
        },
      }),
      ['rights.clients_access', 'rights.edit_records_last_days_count', 'rights.no_such_flag'],
    )
    expectInvalid(
      await call(server, 'POST', `${rightsUrl(cast.memberId)}/preview`, { token: cast.owner, body: {} }),
      ['rights'],
    )
    expect((await call(server, 'GET', rightsUrl(999999), { token: cast.owner })).statusCode).toBe(404)
    expect(
      (await call(server, 'PUT', rightsUrl(cast.ownerId + 0), { token: cast.stranger, body: { rights: {} } }))
        .statusCode,
    ).toBe(404)
  })

  it('needs users_access to read and users_rights_edit_access to change', async () => {
    const specialist = await addMember(server, companyId)
    for (const [method, url, body] of [
      ['GET', rightsUrl(cast.ownerId), undefined],
      ['GET', `${rightsUrl(cast.ownerId)}/history`, undefined],
      ['POST', `${rightsUrl(cast.ownerId)}/preview`, { rights: {} }],
      ['PUT', rightsUrl(cast.ownerId), { rights: {} }],
    ] as const) {
      expect(
        (await call(server, method, url, { token: specialist.token, body })).statusCode,
        `${method} ${url}`,
      ).toBe(403)
    }
  })
})
