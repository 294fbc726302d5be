import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ACCESS_TOKEN_COOKIE } from '../../contract/browser-cookies'
import { PAGE_REPLIES_DATA } from '../../contract/page-replies'
import { workspaceSections } from '../../contract/workspace-sections'
import { companies, users } from '../../server/db/schema/core'
import { makeFixtureDist } from '../support/fixture-dist'
import {
  bearer,
  DEMO,
  json,
  OTHER,
  post,
  testDatabases,
  useTestServer,
  type TestServer,
} from '../support/server-harness'
import { demoCompanies } from './business-api-helpers'

/** What the server drew inside the app's root element; '' when it drew nothing. */
const drawnMarkup = (html: string) => /<div id="root">(.*?)<\/div>\s*<script/s.exec(html)?.[1] ?? ''

/** The API replies the server wrote into the page, by key; undefined when it wrote none. */
function writtenReplies(html: string): Record<string, unknown> | undefined {
  const text = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1]
  if (text === undefined) return undefined
  return (JSON.parse(text) as Record<string, Record<string, unknown>>)[PAGE_REPLIES_DATA]
}

const openPage = (server: TestServer, url: string, token?: string) =>
  server.app.inject({
    method: 'GET',
    url,
    headers: token === undefined ? {} : { cookie: `${ACCESS_TOKEN_COOKIE}=${token}` },
  })

/** What the API answers the app for one call with this token: the reply the page must carry unchanged. */
async function apiReply(server: TestServer, token: string, key: string): Promise<unknown> {
  const [method, url] = key.split(' ') as ['GET' | 'POST', string]
  const reply = await server.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(method === 'POST' ? { payload: {} } : {}),
  })
  expect(reply.statusCode, key).toBe(200)
  return json(reply)
}

describe.each(testDatabases())('the workspace page with its first replies written in (%s)', (kind) => {
  const server = useTestServer(kind, { distDir: makeFixtureDist().dir })

  it('carries, for the signed-in member, exactly what the API answers the services page’s first calls', async () => {
    const { tverskaya, demoToken } = await demoCompanies(server)
    const response = await openPage(server, `/en/company/${tverskaya}/services`, demoToken)
    expect(response.statusCode).toBe(200)
    // The user's own data: kept by no cache, like the API's replies.
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers.etag).toBeUndefined()
    const written = writtenReplies(response.body)!
    expect(Object.keys(written).sort()).toEqual(
      [
        'POST /api/v1/auth/session',
        'GET /api/v1/auth/switch_user/state',
        `GET /api/v1/company/${tverskaya}/`,
        'GET /api/v1/companies?count=1000&my=1',
        'GET /api/v1/groups',
        `GET /api/v1/service_categories/${tverskaya}/`,
        `GET /api/v1/services/${tverskaya}/`,
      ].sort(),
    )
    for (const [key, reply] of Object.entries(written)) {
      // The session's reply names the token's own session; everything else is the API's reply as it stands.
      expect(reply, key).toEqual(await apiReply(server, demoToken, key))
    }
    expect(JSON.stringify(written[`GET /api/v1/services/${tverskaya}/`])).toContain('"title"')
  })

  it('writes the frame’s replies on every workspace page, and the menu only where the first screen shows it', async () => {
    const { tverskaya, demoToken } = await demoCompanies(server)
    const keys = async (path: string) =>
      Object.keys(writtenReplies((await openPage(server, path, demoToken)).body) ?? {})
    expect(await keys(`/company/${tverskaya}`)).toContain(`GET /api/v1/company/${tverskaya}/`)
    expect(await keys(`/company/${tverskaya}`)).not.toContain(`GET /api/v1/services/${tverskaya}/`)
    expect(await keys(`/ru/company/${tverskaya}/categories`)).toContain(`GET /api/v1/services/${tverskaya}/`)
    const editor = await keys(`/en/company/${tverskaya}/services/new`)
    expect(editor).toContain(`GET /api/v1/company/${tverskaya}/`)
    expect(editor).not.toContain(`GET /api/v1/services/${tverskaya}/`)
  })

  it('never writes another salon’s data: a company the user is no member of gets only the user’s own replies', async () => {
    const { northern, demoToken } = await demoCompanies(server)
    const written = writtenReplies(
      (await openPage(server, `/en/company/${northern}/services`, demoToken)).body,
    )!
    expect(Object.keys(written).sort()).toEqual(
      [
        'POST /api/v1/auth/session',
        'GET /api/v1/auth/switch_user/state',
        'GET /api/v1/companies?count=1000&my=1',
        'GET /api/v1/groups',
      ].sort(),
    )
    expect(JSON.stringify(written)).not.toContain('Northern Barbers')
  })

  it('writes nothing without a token that still stands: none, a made-up one, one whose session has ended', async () => {
    const { tverskaya, demoToken } = await demoCompanies(server)
    const path = `/en/company/${tverskaya}/services`
    for (const token of [undefined, 'not-a-token', 'a b<script>', demoToken.slice(0, -4) + 'AAAA']) {
      const response = await openPage(server, path, token)
      expect(response.statusCode, String(token)).toBe(200)
      expect(writtenReplies(response.body), String(token)).toBeUndefined()
      expect(response.headers['cache-control']).toBe('no-cache')
    }
    const loggedOut = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout_session',
      headers: bearer(demoToken),
    })
    expect(loggedOut.statusCode).toBe(200)
    expect(writtenReplies((await openPage(server, path, demoToken)).body)).toBeUndefined()
  })

  it('writes nothing into the public pages, whoever opens them', async () => {
    const { tverskaya, demoToken } = await demoCompanies(server)
    for (const path of ['/en/signin', `/ru/b2c/${tverskaya}`, '/en/onboarding/first', '/en/flows']) {
      expect(writtenReplies((await openPage(server, path, demoToken)).body), path).toBeUndefined()
    }
  })

  it('draws the frame from the same replies: every section the rights open, the open one marked', async () => {
    const { tverskaya, demoToken } = await demoCompanies(server)
    const markup = drawnMarkup((await openPage(server, `/en/company/${tverskaya}/services`, demoToken)).body)
    const links = [...markup.matchAll(/<nav class="workspace__nav"[^>]*>.*?<\/nav>/gs)]
      .flatMap(([nav]) => [...nav.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)])
      .map(([, href, name]) => `${name} ${href}`)
    // The owner of a chain's salon: every section, in the navigation's order.
    expect(links).toEqual(
      workspaceSections.map((section) => `${section.title} /en/company/${tverskaya}${section.path}`),
    )
    expect(markup).toContain(
      `<a href="/en/company/${tverskaya}/services" aria-current="page" data-status="active">`,
    )
    expect(markup).toContain('<p class="topbar__user">Signed in as Anna Demo</p>')
    // In Russian, on a page deeper than the section's own.
    const russian = drawnMarkup(
      (await openPage(server, `/company/${tverskaya}/services/new`, demoToken)).body,
    )
    expect(russian).toContain(`<a href="/company/${tverskaya}/services" aria-current="page">Услуги</a>`)
  })

  it('writes a company’s title as text, and draws nothing where the app words its own screen', async () => {
    const { arbat, demoToken } = await demoCompanies(server)
    const [before] = await server.db.select().from(companies).where(eq(companies.id, arbat))
    await server.db
      .update(companies)
      .set({ title: 'Arbat <img src=x onerror=alert(1)>' })
      .where(eq(companies.id, arbat))
    try {
      const markup = drawnMarkup((await openPage(server, `/en/company/${arbat}`, demoToken)).body)
      expect(markup).toContain('Arbat &lt;img src=x onerror=alert(1)&gt;')
      expect(markup).not.toContain('<img')
    } finally {
      await server.db.update(companies).set({ title: before!.title }).where(eq(companies.id, arbat))
    }
    // The pseudo-locale's words are made by the app as it runs; a page outside the sections has no frame here.
    expect(drawnMarkup((await openPage(server, `/en-XA/company/${arbat}`, demoToken)).body)).toBe('')
    expect(drawnMarkup((await openPage(server, `/en/company/${arbat}/no-such-page`, demoToken)).body)).toBe(
      '',
    )
  })

  it('draws no frame while support acts as the user: the app shows its banner first', async () => {
    const { tverskaya } = await demoCompanies(server)
    await server.db
      .update(users)
      .set({ pageFlags: ['superuser'] })
      .where(eq(users.email, OTHER.email))
    try {
      const superuser = json(
        await post(server.app, '/auth', { login: OTHER.email, password: OTHER.password }),
      )
      const [demo] = await server.db.select().from(users).where(eq(users.email, DEMO.email))
      const issued = await post(
        server.app,
        '/auth/switch_user/token',
        { user_id: demo!.id },
        bearer(superuser.data.access_token),
      )
      const switched = json(await post(server.app, '/auth/switch_user', { token: json(issued).data.token }))
      const page = await openPage(server, `/en/company/${tverskaya}/services`, switched.data.access_token)
      expect(writtenReplies(page.body)).toBeDefined()
      expect(drawnMarkup(page.body)).toBe('')
    } finally {
      await server.db.update(users).set({ pageFlags: [] }).where(eq(users.email, OTHER.email))
    }
  })
})
