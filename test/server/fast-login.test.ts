import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTestServer,
  DEMO,
  json,
  OTHER,
  randomIp,
  testDatabases,
  type TestServer,
} from '../support/server-harness'

describe.each(testDatabases())('accounts remembered on this device (%s)', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(kind)
  })
  afterAll(async () => server.close())

  const device = 'device-0123456789abcdef'
  const signInOnDevice = (login: string, password: string, cookies: Record<string, string>) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { login, password },
      cookies,
      remoteAddress: randomIp(),
    })
  const list = (cookies: Record<string, string>) =>
    server.app.inject({ method: 'GET', url: '/api/v1/auth/fast_login_users', cookies })

  it('remembers each account signed in on a device, lists them only there, and forgets one on request', async () => {
    const first = await signInOnDevice(DEMO.email, DEMO.password, { device_id: device })
    const firstCookie = first.cookies.find((cookie) => cookie.name === 'fast_login_users')!
    expect(firstCookie).toMatchObject({ httpOnly: true, path: '/api' })
    const second = await signInOnDevice(OTHER.email, OTHER.password, {
      device_id: device,
      fast_login_users: firstCookie.value,
    })
    const both = second.cookies.find((cookie) => cookie.name === 'fast_login_users')!.value

    const listed = json(await list({ device_id: device, fast_login_users: both })).data
    expect(listed).toEqual([
      { token: expect.any(String), name: 'Anna Demo', login: DEMO.email },
      { token: expect.any(String), name: 'Oleg Other', login: OTHER.email },
    ])
    // A copied cookie is useless on another device, and signing in again does not duplicate an entry.
    expect(json(await list({ device_id: 'another-device-123456', fast_login_users: both })).data).toEqual([])
    const again = await signInOnDevice(DEMO.email, DEMO.password, {
      device_id: device,
      fast_login_users: both,
    })
    expect(again.cookies.find((cookie) => cookie.name === 'fast_login_users')).toBeUndefined()

    const forget = await server.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/fast_login_user',
      payload: { token: listed[0].token },
      cookies: { device_id: device, fast_login_users: both },
    })
    expect(forget.statusCode).toBe(200)
    const remaining = forget.cookies.find((cookie) => cookie.name === 'fast_login_users')!.value
    expect(json(await list({ device_id: device, fast_login_users: remaining })).data).toEqual([listed[1]])
    // Even with the old cookie the forgotten account stays forgotten.
    expect(json(await list({ device_id: device, fast_login_users: both })).data).toEqual([listed[1]])
  })

  it('remembers nothing without a device id and validates the forget call', async () => {
    const response = await signInOnDevice(DEMO.email, DEMO.password, {})
    expect(response.cookies.find((cookie) => cookie.name === 'fast_login_users')).toBeUndefined()
    expect(json(await list({})).data).toEqual([])
    const bad = await server.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/fast_login_user',
      payload: {},
    })
    expect(bad.statusCode).toBe(422)
    expect(json(bad).meta.errors.token).toBeDefined()
  })
})
