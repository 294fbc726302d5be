import { describe, expect, it } from 'vitest'
import { bearer, json, signIn, testDatabases, useTestServer } from '../support/server-harness'

describe.each(testDatabases())('other sessions after a second-factor change (%s)', (kind) => {
  const server = useTestServer(kind)
  const sessionWorks = async (accessToken: string) =>
    (await server.app.inject({ method: 'POST', url: '/api/v1/auth/session', headers: bearer(accessToken) }))
      .statusCode === 200
  const refreshWorks = async (refreshToken: string) =>
    (
      await server.app.inject({
        method: 'POST',
        url: '/api/v1/jwt/refresh',
        payload: { refresh_token: refreshToken },
      })
    ).statusCode === 200
  const changeSecondFactor = (accessToken: string, body: Record<string, unknown>) =>
    server.app.inject({
      method: 'PUT',
      url: '/api/v1/user/2fa',
      headers: bearer(accessToken),
      payload: { password: 'demo12345', ...body },
    })

  it('keeps every session when the user does not ask to end the others', async () => {
    const here = await signIn(server.app)
    const elsewhere = await signIn(server.app)
    const changed = await changeSecondFactor(here.access_token, { two_factor: 'off' })
    expect(changed.statusCode).toBe(200)
    expect(await sessionWorks(elsewhere.access_token)).toBe(true)
  })

  it('ends every other session, and only those, when the user asks', async () => {
    const here = await signIn(server.app)
    const laptop = await signIn(server.app)
    const phone = await signIn(server.app)
    // Turning the second factor off is the change to guard most: the other sessions go with it.
    const changed = await changeSecondFactor(here.access_token, {
      two_factor: 'off',
      end_other_sessions: true,
    })
    expect(changed.statusCode).toBe(200)
    expect(json(changed).data.two_factor).toBe('off')
    for (const other of [laptop, phone]) {
      expect(await sessionWorks(other.access_token)).toBe(false)
      expect(await refreshWorks(other.refresh_token)).toBe(false)
    }
    expect(await sessionWorks(here.access_token)).toBe(true)
    expect(await refreshWorks(here.refresh_token)).toBe(true)
  })

  it('ends nothing when the password is wrong', async () => {
    const here = await signIn(server.app)
    const elsewhere = await signIn(server.app)
    const refused = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/user/2fa',
      headers: bearer(here.access_token),
      payload: { password: 'not-the-password', two_factor: 'off', end_other_sessions: true },
    })
    expect(refused.statusCode).toBe(422)
    expect(await sessionWorks(elsewhere.access_token)).toBe(true)
  })
})
