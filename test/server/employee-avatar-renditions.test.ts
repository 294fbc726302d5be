import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { imageGroupSchema } from '../../contract/images/schemas'
import { employeeSchema } from '../../contract/staff/schemas'
import { auditLog } from '../../server/db/schema'
import { multipart, pngOfSize } from '../support/multipart-upload'
import { bearer, createTestServer, testDatabases, type TestServer } from '../support/server-harness'
import { call, expectInvalid, expectOk, signInCast } from './business-api-helpers'

describe.each(testDatabases())('employee avatar renditions (%s)', (kind) => {
  let server: TestServer
  let cast: Awaited<ReturnType<typeof signInCast>>
  let staffId: number
  beforeAll(async () => {
    server = await createTestServer(kind)
    cast = await signInCast(server)
    staffId = expectOk(
      await call(server, 'POST', '/staff/quick', {
        token: cast.owner,
        body: { company_id: cast.ids.tverskaya.id, name: 'Avatar' },
      }),
      employeeSchema,
      201,
    ).id
  })
  afterAll(() => server.close())

  const big = { field: 'avatar', bytes: pngOfSize(512, 512), type: 'image/png' }
  const small = { field: 'avatar_small', bytes: pngOfSize(128, 128), type: 'image/png' }
  const upload = (files: Parameters<typeof multipart>[1], token = cast.owner) => {
    const body = multipart({ staff_id: String(staffId) }, files)
    return server.app.inject({
      method: 'POST',
      url: '/api/v1/settings/employee/image/upload',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    })
  }
  const employee = async () =>
    expectOk(await call(server, 'GET', `/staff/${staffId}`, { token: cast.owner }), employeeSchema)

  it('keeps the small and the big rendition as avatar and avatar_big, both served, replacing the older', async () => {
    const first = expectOk(await upload([big, small]), imageGroupSchema)
    expect(first.images.map((image) => image.width).sort((a, b) => a - b)).toEqual([128, 512])
    expect(new Set(first.images.map((image) => image.version)).size).toBe(1)
    const shown = await employee()
    expect(shown.avatar).not.toBe(shown.avatar_big)
    expect(shown.avatar).toBe(first.images.find((image) => image.width === 128)!.url)
    expect(shown.avatar_big).toBe(first.images.find((image) => image.width === 512)!.url)
    for (const url of [shown.avatar, shown.avatar_big]) {
      expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(200)
    }

    const second = expectOk(
      await upload([
        { ...big, bytes: pngOfSize(400, 400) },
        { ...small, bytes: pngOfSize(96, 96) },
      ]),
      imageGroupSchema,
    )
    expect(second.images).toHaveLength(2)
    const replaced = await employee()
    expect(replaced.image_group?.images).toHaveLength(2)
    expect((await server.app.inject({ method: 'GET', url: shown.avatar })).statusCode).toBe(404)
    expect((await server.app.inject({ method: 'GET', url: replaced.avatar_big })).statusCode).toBe(200)
  })

  it('takes one picture as both renditions from a client that sends only the avatar', async () => {
    expectOk(await upload(big), imageGroupSchema)
    const shown = await employee()
    expect(shown.avatar).toBe(shown.avatar_big)
  })

  it('refuses a small rendition larger than the avatar, or one that is no picture, keeping the avatar', async () => {
    const before = await employee()
    expectInvalid(await upload([big, { ...small, bytes: pngOfSize(1024, 1024) }]), ['avatar_small'])
    expectInvalid(await upload([big, { ...small, bytes: Buffer.from('GIF89a') }]), ['avatar_small'])
    expectInvalid(await upload([small]), ['avatar'])
    expect(await employee()).toEqual(before)
  })

  it('removes the avatar, audited; only with the flag, and never another company’s', async () => {
    expectOk(await upload([big, small]), imageGroupSchema)
    expect(
      (await call(server, 'DELETE', `/staff/${staffId}/avatar`, { token: cast.member })).statusCode,
    ).toBe(403)
    expect(
      (await call(server, 'DELETE', `/staff/${staffId}/avatar`, { token: cast.stranger })).statusCode,
    ).toBe(404)
    expect((await employee()).avatar).not.toBe('')
    expect((await call(server, 'DELETE', `/staff/${staffId}/avatar`, { token: cast.owner })).statusCode).toBe(
      200,
    )
    const gone = await employee()
    expect([gone.avatar, gone.avatar_big]).toEqual(['', ''])
    const actions = (
      await server.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.companyId, cast.ids.tverskaya.id))
    ).map((entry) => entry.action)
    expect(actions).toContain('employee_avatar_created')
    expect(actions).toContain('employee_avatar_deleted')
    expectInvalid(await call(server, 'DELETE', '/staff/abc/avatar', { token: cast.owner }), ['id'])
  })
})
