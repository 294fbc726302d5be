import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { onlineChainSchema } from '../../contract/online-booking/chain-schemas'
import { frameOriginsSchema } from '../../contract/online-booking/frame-origins'
import { auditLog, companies, placeCities, services } from '../../server/db/schema'
import { CHAIN_READS_PER_IP } from '../../server/online-booking/request-limits'
import { makeFixtureDist } from '../support/fixture-dist'
import { createTestServer, json, randomIp, testDatabases, type TestServer } from '../support/server-harness'
import { call, expectInvalid, expectOk, signInCast } from './business-api-helpers'

const frameAncestorsOf = (headers: Record<string, unknown>) =>
  /frame-ancestors ([^;]*)/.exec(String(headers['content-security-policy']))?.[1]

describe.each(testDatabases())('booking pages on other sites (%s)', (kind) => {
  let server: TestServer
  let cast: Awaited<ReturnType<typeof signInCast>>
  let tverskaya: number
  let arbat: number
  let barbers: number
  let chainId: number

  beforeAll(async () => {
    server = await createTestServer(kind, {
      distDir: makeFixtureDist().dir,
      env: { EMBED_PARENT_ORIGINS: 'https://admin.example' },
    })
    cast = await signInCast(server)
    tverskaya = cast.ids.tverskaya.id
    arbat = cast.ids.arbat.id
    barbers = cast.ids.barbers.id
    chainId = cast.ids.tverskaya.mainGroupId!
    await server.db.insert(placeCities).values({
      id: 990_001,
      countryId: 1,
      population: 12_000_000,
      latitude: 55.75,
      longitude: 37.62,
      names: { en: 'Moscow', ru: 'Москва', de: 'Moskau' },
    })
    await server.db
      .update(companies)
      .set({ cityId: 990_001, address: 'Tverskaya 1' })
      .where(eq(companies.id, tverskaya))
  })
  afterAll(() => server.close())

  const origins = (companyId: number, token: string) =>
    call(server, 'GET', `/company/${companyId}/online_booking/frame_origins`, { token })
  const save = (companyId: number, list: unknown, token = cast.owner) =>
    call(server, 'PUT', `/company/${companyId}/online_booking/frame_origins`, {
      token,
      body: { origins: list },
    })
  const page = (url: string) => server.app.inject({ method: 'GET', url })

  it('keeps the exact origins the owner lists, without repeats, and audits the change', async () => {
    expect(expectOk(await origins(tverskaya, cast.owner), frameOriginsSchema)).toEqual({ origins: [] })
    const saved = expectOk(
      await save(tverskaya, [
        'https://salon.example',
        'http://127.0.0.1:8123',
        'https://salon.example',
        'https://book.salon.example:8443',
      ]),
      frameOriginsSchema,
    )
    expect(saved.origins).toEqual([
      'https://salon.example',
      'http://127.0.0.1:8123',
      'https://book.salon.example:8443',
    ])
    expect(expectOk(await origins(tverskaya, cast.member), frameOriginsSchema)).toEqual(saved)
    const entries = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, tverskaya), eq(auditLog.action, 'booking_frame_origins_updated')))
    expect(entries).toHaveLength(1)
  })

  it('refuses anything but an exact http(s) origin, changing nothing', async () => {
    const before = expectOk(await origins(tverskaya, cast.owner), frameOriginsSchema)
    for (const bad of [
      'https://*.salon.example',
      '*',
      'https://salon.example/',
      'https://salon.example/booking',
      'https://salon.example?x=1',
      'salon.example',
      'ftp://salon.example',
      'javascript:alert(1)',
      'https://user@salon.example',
      'https://SALON.example',
      "'self'",
      'https://salon.example https://evil.example',
      'https://salon.example;script-src *',
    ]) {
      const reply = await save(tverskaya, [bad])
      expect(reply.statusCode, bad).toBe(422)
    }
    expectInvalid(await save(tverskaya, 'https://salon.example'), ['origins'])
    expectInvalid(
      await save(
        tverskaya,
        Array.from({ length: 11 }, (_, index) => `https://site${index}.example`),
      ),
      ['origins'],
    )
    expect(expectOk(await origins(tverskaya, cast.owner), frameOriginsSchema)).toEqual(before)
  })

  it('lets only whoever may edit the company settings change the list, and nobody outside read it', async () => {
    expect((await save(tverskaya, ['https://evil.example'], cast.member)).statusCode).toBe(403)
    expect((await save(tverskaya, ['https://evil.example'], cast.stranger)).statusCode).toBe(404)
    expect((await origins(tverskaya, cast.stranger)).statusCode).toBe(404)
    expect((await call(server, 'GET', `/company/${tverskaya}/online_booking/frame_origins`)).statusCode).toBe(
      401,
    )
    // The other company's owner changes their own list only.
    expectOk(await save(barbers, ['https://barbers.example'], cast.stranger), frameOriginsSchema)
    expect(expectOk(await origins(tverskaya, cast.owner), frameOriginsSchema).origins).not.toContain(
      'https://barbers.example',
    )
  })

  it("answers each company's booking pages with its own frame-ancestors, and every other page with the app's", async () => {
    expectOk(await save(arbat, ['https://arbat.example']), frameOriginsSchema)
    expect(frameAncestorsOf((await page(`/ru/b2c/${tverskaya}`)).headers)).toBe(
      "'self' https://salon.example http://127.0.0.1:8123 https://book.salon.example:8443",
    )
    expect(frameAncestorsOf((await page(`/b2c/${tverskaya}/cancel/abc`)).headers)).toBe(
      "'self' https://salon.example http://127.0.0.1:8123 https://book.salon.example:8443",
    )
    expect(frameAncestorsOf((await page(`/en/b2c/${arbat}`)).headers)).toBe("'self' https://arbat.example")
    expect(frameAncestorsOf((await page(`/en/b2c/${barbers}`)).headers)).toBe(
      "'self' https://barbers.example",
    )
    // A company that lists none, or no company at all: only the app itself.
    expect(frameAncestorsOf((await page('/en/b2c/999999')).headers)).toBe("'self'")
    // The chain's page: the sites of any of its salons, not the other business's.
    expect(frameAncestorsOf((await page(`/ru/b2c/chain/${chainId}`)).headers)).toBe(
      "'self' https://salon.example http://127.0.0.1:8123 https://book.salon.example:8443 https://arbat.example",
    )
    // The admin application frames the app, never a client's booking page; salons' sites never the app.
    expect(frameAncestorsOf((await page('/ru/signin')).headers)).toBe("'self' https://admin.example")
    expect(frameAncestorsOf((await page(`/ru/company/${tverskaya}/online-booking`)).headers)).toBe(
      "'self' https://admin.example",
    )
    const api = await call(server, 'GET', `/b2c/${tverskaya}`)
    expect(frameAncestorsOf(api.headers)).toBe("'self' https://admin.example")
  })

  it("lists a chain's salons that book online, with their city in the page's language, and nothing private", async () => {
    const read = (headers: Record<string, string> = {}) =>
      server.app.inject({
        method: 'GET',
        url: `/api/v1/b2c/chain/${chainId}`,
        headers,
        remoteAddress: randomIp(),
      })
    const chain = expectOk(await read({ 'x-language': 'ru' }), onlineChainSchema)
    expect(chain.chain.title).toBe('Beauty Line')
    expect(chain.salons).toEqual([
      { id: tverskaya, title: 'Beauty Line — Tverskaya', address: 'Tverskaya 1', city: 'Москва' },
      { id: arbat, title: 'Beauty Line — Arbat', address: '', city: null },
    ])
    expect(Object.keys(json(await read()).data.salons[0]).sort()).toEqual(['address', 'city', 'id', 'title'])
    expect(expectOk(await read({ 'x-language': 'de' }), onlineChainSchema).salons[0]!.city).toBe('Moskau')
    expect(expectOk(await read({ 'x-language': 'pl' }), onlineChainSchema).salons[0]!.city).toBe('Moscow')

    // A salon that offers nothing online is not listed; a chain with none, or none at all, is a 404.
    await server.db.update(services).set({ isOnline: false }).where(eq(services.companyId, arbat))
    expect(expectOk(await read(), onlineChainSchema).salons.map((salon) => salon.id)).toEqual([tverskaya])
    await server.db.update(services).set({ isOnline: false }).where(eq(services.companyId, tverskaya))
    expect((await read()).statusCode).toBe(404)
    await server.db.update(services).set({ isOnline: true })
    const unknown = await server.app.inject({ method: 'GET', url: '/api/v1/b2c/chain/999999' })
    expect(unknown.statusCode).toBe(404)
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/b2c/chain/abc' })).statusCode).toBe(422)
  })

  it("limits the reads of chains' salons per address", async () => {
    const ip = randomIp()
    const statuses: number[] = []
    for (let index = 0; index <= CHAIN_READS_PER_IP; index += 1) {
      const reply = await server.app.inject({
        method: 'GET',
        url: `/api/v1/b2c/chain/${chainId}`,
        remoteAddress: ip,
      })
      statuses.push(reply.statusCode)
    }
    expect(statuses.slice(0, CHAIN_READS_PER_IP).every((status) => status === 200)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
    // Another address is not held back.
    const other = await server.app.inject({
      method: 'GET',
      url: `/api/v1/b2c/chain/${chainId}`,
      remoteAddress: randomIp(),
    })
    expect(other.statusCode).toBe(200)
  })
})
