import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema'
import { MISSING_KEY_REPORTS_PER_MINUTE } from '../../server/translations/routes'
import { bearer, DEMO, json, post, signIn, testDatabases, useTestServer } from '../support/server-harness'

const TRANSLATOR = { email: 'support@example.com', password: 'demo12345' }

describe.each(testDatabases())('missing translation keys (%s)', (kind) => {
  const server = useTestServer(kind)

  const tokens = new Map<string, string>()
  async function tokenOf(account: { email: string; password: string }) {
    if (!tokens.has(account.email))
      tokens.set(account.email, (await signIn(server.app, account.email, account.password)).access_token)
    return tokens.get(account.email)!
  }
  const report = (token: string, keys: unknown) =>
    post(server.app, '/translations/missing', { keys }, bearer(token))
  const list = (token: string) =>
    server.app.inject({ method: 'GET', url: '/api/v1/translations/missing', headers: bearer(token) })

  it('keeps each key once per language with a count, lists them for the translator, and audits the reports', async () => {
    const token = await tokenOf(TRANSLATOR)
    const first = await report(token, [
      { language: 'ja', key: 'aBc123' },
      { language: 'ja', key: 'aBc123' },
      { language: 'de', key: 'aBc123' },
    ])
    expect(first.statusCode, first.body).toBe(200)
    expect(json(first).data).toEqual({ added: 2 })
    const again = await report(token, [
      { language: 'ja', key: 'aBc123' },
      { language: 'ja', key: 'xyz' },
    ])
    expect(json(again).data).toEqual({ added: 1 })

    const listed = await list(token)
    expect(listed.statusCode).toBe(200)
    const entries = json(listed).data as { language: string; key: string; count: number }[]
    expect(entries.map(({ language, key, count }) => ({ language, key, count }))).toEqual([
      { language: 'de', key: 'aBc123', count: 1 },
      { language: 'ja', key: 'aBc123', count: 2 },
      { language: 'ja', key: 'xyz', count: 1 },
    ])
    const audited = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'missing_translation_keys_reported')))
    expect(audited.length).toBeGreaterThanOrEqual(2)
  })

  it('refuses users without the translator flag (403) and anonymous callers (401)', async () => {
    const owner = await tokenOf(DEMO)
    expect((await report(owner, [{ language: 'ja', key: 'nope' }])).statusCode).toBe(403)
    expect((await list(owner)).statusCode).toBe(403)
    expect(
      (await post(server.app, '/translations/missing', { keys: [{ language: 'ja', key: 'a' }] })).statusCode,
    ).toBe(401)
    const translator = await tokenOf(TRANSLATOR)
    const entries = json(await list(translator)).data as { key: string }[]
    expect(entries.map((entry) => entry.key)).not.toContain('nope')
  })

  it.each([
    ['no keys', []],
    ['an unknown language', [{ language: 'xx', key: 'a' }]],
    ['an empty key', [{ language: 'ja', key: '' }]],
    ['an overlong key', [{ language: 'ja', key: 'k'.repeat(501) }]],
    ['more than 100 keys', Array.from({ length: 101 }, (_, index) => ({ language: 'ja', key: `k${index}` }))],
    ['not a list', 'ja'],
  ])('refuses a batch with %s (422)', async (_case, keys) => {
    const response = await report(await tokenOf(TRANSLATOR), keys)
    expect(response.statusCode, response.body).toBe(422)
  })

  // Last: it fills the translator's window.
  it(`takes ${MISSING_KEY_REPORTS_PER_MINUTE} reports a minute from one translator, then 429`, async () => {
    const token = await tokenOf(TRANSLATOR)
    const statuses: number[] = []
    for (let index = 0; index <= MISSING_KEY_REPORTS_PER_MINUTE; index += 1)
      statuses.push((await report(token, [{ language: 'lv', key: `burst${index}` }])).statusCode)
    expect(statuses.at(-1)).toBe(429)
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(
      MISSING_KEY_REPORTS_PER_MINUTE,
    )
  })
})
