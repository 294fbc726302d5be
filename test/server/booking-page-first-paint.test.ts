import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { onlineCataloguePageDataSchema } from '../../contract/online-booking/page-data'
import { onlineCatalogueSchema } from '../../contract/online-booking/schemas'
import { companies, services } from '../../server/db/schema'
import { FIXTURE_BOOKING_STYLES, makeFixtureDist } from '../support/fixture-dist'
import { createTestServer, json, type TestServer } from '../support/server-harness'
import { demoCompanyRows } from './business-api-helpers'
import * as v from 'valibot'

/** What a browser would show before any script runs: the root element's markup. */
const rootOf = (html: string) => /<div id="root">(.*?)<\/div>\s*(?:<script|<\/body>)/s.exec(html)?.[1] ?? ''
const pageDataOf = (html: string): unknown => {
  const text = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1]
  return text === undefined ? undefined : JSON.parse(text)
}
const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')

// The page is drawn from the same reads as GET /b2c/{id}; one database is enough to check the drawing.
describe('the booking page drawn by the server', () => {
  let server: TestServer
  let tverskaya: number
  let chainId: number
  let chainRow: number
  beforeAll(async () => {
    server = await createTestServer('pglite', { distDir: makeFixtureDist().dir })
    const rows = await demoCompanyRows(server)
    tverskaya = rows.tverskaya.id
    chainId = rows.tverskaya.mainGroupId!
    // A chain's own row in the companies table (type group), as a chain made in the workspace has.
    const { id: _arbat, ...arbat } = rows.arbat
    const [group] = await server.db
      .insert(companies)
      .values({ ...arbat, type: 'group', title: 'Beauty Line' })
      .returning({ id: companies.id })
    chainRow = group!.id
    await server.db.update(companies).set({ address: 'Tverskaya 1' }).where(eq(companies.id, tverskaya))
  })
  afterAll(() => server.close())

  const page = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers })

  it('shows the salon and carries the catalogue that GET /b2c/{id} answers, so the first render asks nothing', async () => {
    const response = await page(`/ru/b2c/${tverskaya}`)
    expect(response.statusCode).toBe(200)
    const root = rootOf(response.body)
    expect(decode(/<h1>(.*?)<\/h1>/.exec(root)?.[1] ?? '')).toBe('Beauty Line — Tverskaya')
    expect(root).toContain('<p class="b2c-header__address">Tverskaya 1</p>')
    expect(root).toContain('aria-label="Загрузка"')

    const written = v.parse(
      onlineCataloguePageDataSchema,
      (pageDataOf(response.body) as Record<string, unknown>)['online-catalogue'],
    )
    const api = v.parse(onlineCatalogueSchema, json(await page(`/api/v1/b2c/${tverskaya}`)).data)
    expect(written).toEqual({ company_id: tverskaya, catalogue: api })
    expect(api.services.length).toBeGreaterThan(0)
    // The content is there without the scripts, fetched at low priority, and its style sheet is written in: it
    // paints without a round trip for either.
    expect(response.body).toMatch(/<script type="module" fetchpriority="low" crossorigin src="\/assets\//)
    expect(response.body).toContain(`<style>${FIXTURE_BOOKING_STYLES.css}</style>`)
    expect(response.body).not.toContain(`href="/${FIXTURE_BOOKING_STYLES.file}"`)
    expect(response.body).toContain('<html lang="ru"')
  })

  it('speaks the language of the path', async () => {
    const english = await page(`/en/b2c/${tverskaya}`)
    expect(rootOf(english.body)).toContain('aria-label="Loading"')
    expect(english.body).toContain('<html lang="en"')
  })

  it('writes whatever the salon typed as text, never as markup', async () => {
    const title = `</script><script>alert(1)</script> & "Beauty" <b>'Line'</b> \u2028`
    await server.db.update(companies).set({ title }).where(eq(companies.id, tverskaya))
    try {
      const response = await page(`/ru/b2c/${tverskaya}`)
      expect(response.body).not.toContain('<script>alert(1)')
      expect(response.body).not.toContain('<b>')
      expect(response.body.match(/<\/script>/g)).toHaveLength(2) // the entry's and the page data's own
      expect(decode(/<h1>(.*?)<\/h1>/s.exec(rootOf(response.body))?.[1] ?? '')).toBe(title)
      const written = pageDataOf(response.body) as {
        'online-catalogue': { catalogue: { company: { title: string } } }
      }
      expect(written['online-catalogue'].catalogue.company.title).toBe(title)
    } finally {
      await server.db
        .update(companies)
        .set({ title: 'Beauty Line — Tverskaya' })
        .where(eq(companies.id, tverskaya))
    }
  })

  it('is revalidated with what it shows: a changed service list is a new page, an unchanged one a 304', async () => {
    const first = await page(`/ru/b2c/${tverskaya}`)
    const again = await page(`/ru/b2c/${tverskaya}`, { 'if-none-match': String(first.headers.etag) })
    expect(again.statusCode).toBe(304)
    const [service] = await server.db
      .select()
      .from(services)
      .where(eq(services.companyId, tverskaya))
      .limit(1)
    await server.db.update(services).set({ title: 'Renamed haircut' }).where(eq(services.id, service!.id))
    try {
      const changed = await page(`/ru/b2c/${tverskaya}`, { 'if-none-match': String(first.headers.etag) })
      expect(changed.statusCode).toBe(200)
      expect(changed.headers.etag).not.toBe(first.headers.etag)
      expect(changed.body).toContain('Renamed haircut')
    } finally {
      await server.db.update(services).set({ title: service!.title }).where(eq(services.id, service!.id))
    }
  })

  it.each([
    ['an unknown salon', () => '/ru/b2c/999999'],
    ["a chain's own row (it books nothing)", () => `/ru/b2c/${chainRow}`],
    ['a cancellation link', () => `/ru/b2c/${tverskaya}/cancel/abc`],
    ['the chain page', () => `/ru/b2c/chain/${chainId}`],
    ['the password reset', () => '/en/signin/reset/send_code'],
  ])('leaves %s to the scripts', async (_, url) => {
    const response = await page(url())
    expect(response.statusCode).toBe(200)
    expect(rootOf(response.body)).toBe('')
    expect(pageDataOf(response.body)).toBeUndefined()
    expect(response.body).not.toContain('fetchpriority')
  })
})
