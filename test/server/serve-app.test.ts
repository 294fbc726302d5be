import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE_SCRIPT, makeFixtureDist, type FixtureDist } from '../support/fixture-dist'
import { createTestServer, json, PRODUCTION_ENV, type TestServer } from '../support/server-harness'

/** A robots.txt path pattern as RFC 9309 reads it: `*` stands for any characters, `$` for the end. */
const robotsPattern = (pattern: string) =>
  new RegExp(
    '^' +
      pattern
        .split('*')
        .map((part) => part.replace(/[.+?^{}()|[\]\\]/g, '\\$&').replace(/\$$/, '$'))
        .join('.*'),
  )

/** Whether robots.txt lets a crawler fetch `path`: the longest matching rule wins, Allow on a tie (RFC 9309). */
function robotsAllow(robots: string, path: string): boolean {
  let best = { length: -1, allow: true }
  for (const line of robots.split('\n')) {
    const rule = /^(allow|disallow):\s*(\S*)/i.exec(line.trim())
    if (!rule || !rule[2] || !robotsPattern(rule[2]).test(path)) continue
    const allow = rule[1]!.toLowerCase() === 'allow'
    if (rule[2].length > best.length || (rule[2].length === best.length && allow))
      best = { length: rule[2].length, allow }
  }
  return best.allow
}

// Serving the built client does not depend on the database, so this suite runs on PGlite only.
describe('serving the built app', () => {
  let server: TestServer
  let dist: FixtureDist
  beforeAll(async () => {
    dist = makeFixtureDist()
    server = await createTestServer('pglite', {
      distDir: dist.dir,
      seed: false,
      env: { EMBED_PARENT_ORIGINS: 'https://admin.example.com' },
    })
  })
  afterAll(() => server.close())

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers })

  it('serves index.html at / with the security headers', async () => {
    const response = await get('/')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/text\/html/)
    expect(response.body).toContain('<div id="root">')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
        "connect-src 'self';frame-ancestors 'self' https://admin.example.com;base-uri 'none';" +
        "form-action 'self';object-src 'none'",
    )
  })

  it('serves index.html for deep links, with the same headers', async () => {
    const response = await get('/ru/onboarding/second/17?from=mail')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<div id="root">')
    expect(response.headers['content-security-policy']).toContain('frame-ancestors')
    expect(response.headers['cache-control']).toBe('no-cache')
  })

  it('names the language of the path in the first bytes of the page', async () => {
    const htmlLang = async (url: string) => /<html lang="([^"]*)">/.exec((await get(url)).body)?.[1]
    expect(await htmlLang('/en/signin')).toBe('en')
    expect(await htmlLang('/en')).toBe('en')
    expect(await htmlLang('/en/company/3/services?q=cut')).toBe('en')
    expect(await htmlLang('/signin')).toBe('ru')
    expect(await htmlLang('/ru/signin')).toBe('ru')
    expect(await htmlLang('/')).toBe('ru')
    // Not a language: the default, as the client router reads it.
    expect(await htmlLang('/english/signin')).toBe('ru')
  })

  it('answers a reload of an unchanged page with 304, per language', async () => {
    const english = await get('/en/signin')
    const russian = await get('/signin')
    expect(english.headers.etag).toBeTruthy()
    expect(english.headers.etag).not.toBe(russian.headers.etag)
    const again = await get('/en/signin', { 'if-none-match': String(english.headers.etag) })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const otherLanguage = await get('/signin', { 'if-none-match': String(english.headers.etag) })
    expect(otherLanguage.statusCode).toBe(200)
    expect(otherLanguage.body).toContain('<html lang="ru">')
  })

  it("names, in each page, the chunks its first screen imports at once: its language's catalog and its route's screens", async () => {
    const preloads = async (url: string) =>
      [
        ...(await get(url)).body.matchAll(
          /<link rel="(modulepreload|stylesheet)"(?: fetchpriority="low")? crossorigin href="([^"]+)">/g,
        ),
      ].map((link) => `${link[1]} ${link[2]}`)
    expect(await preloads('/en/signin')).toEqual(['modulepreload /assets/messages-en1.js'])
    expect(await preloads('/signin')).toEqual(['modulepreload /assets/messages-ru1.js'])
    // A regional variant reads its base language's catalog; a language without one reads English.
    expect(await preloads('/de-AT/signin')).toEqual(['modulepreload /assets/messages-de1.js'])
    expect(await preloads('/hy/signin/remembered-hash')).toEqual(['modulepreload /assets/messages-en1.js'])
    // The sign-in's own steps have screens of their own.
    expect(await preloads('/en/signin/reset/confirm_code')).toEqual([
      'modulepreload /assets/messages-en1.js',
      'modulepreload /assets/reset-password-screen-r1.js',
    ])
    const booking = [
      'modulepreload /assets/messages-ru1.js',
      'modulepreload /assets/online-booking-screen-b1.js',
      // The entry is in the page already; the chunk the screen shares with others is not.
      'modulepreload /assets/phone-p1.js',
      'stylesheet /assets/online-booking-c1.css',
    ]
    expect(await preloads('/ru/b2c/12')).toEqual(booking)
    expect(await preloads('/b2c/12?service=3')).toEqual(booking)
    expect(await preloads('/en/b2c/12/cancel/token')).toEqual(['modulepreload /assets/messages-en1.js'])
    expect(await preloads('/en/company/4/services')).toEqual([
      'modulepreload /assets/messages-en1.js',
      'modulepreload /assets/workspace-en1.js',
      'modulepreload /assets/company-workspace-w1.js',
      'modulepreload /assets/services-screen-s1.js',
      // What the workspace's routes fetch before they render, loaded beside the screens.
      'modulepreload /assets/company-route-data-d1.js',
    ])
    // Another workspace page: the frame, the route data and the words, not the services screen.
    expect(await preloads('/en/company/4/book?date=2026-01-05')).toEqual([
      'modulepreload /assets/messages-en1.js',
      'modulepreload /assets/workspace-en1.js',
      'modulepreload /assets/company-workspace-w1.js',
      'modulepreload /assets/company-route-data-d1.js',
    ])
    // The manifest itself is not served.
    expect((await get('/.vite/manifest.json')).body).not.toContain('messages-en1')
  })

  it('serves hashed assets as immutable and other files as they are', async () => {
    const asset = await get(FIXTURE_SCRIPT)
    expect(asset.statusCode).toBe(200)
    expect(asset.rawPayload.equals(dist.script)).toBe(true)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const icon = await get('/favicon.svg')
    expect(icon.statusCode).toBe(200)
    expect(icon.headers['content-type']).toMatch(/svg/)
  })

  it('answers a missing hashed asset with 404, not with the page', async () => {
    expect((await get('/assets/missing-123.js')).statusCode).toBe(404)
  })

  it('serves a real favicon.ico, and answers other missing top-level files with 404, not with the page', async () => {
    const icon = await get('/favicon.ico')
    expect(icon.statusCode).toBe(200)
    expect(icon.headers['content-type']).toMatch(/icon/)
    // An ICO file starts with reserved 0, type 1 (icon).
    expect([...icon.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0])
    for (const url of ['/apple-touch-icon.png', '/sitemap.xml', '/wp-login.php']) {
      const missing = await get(url)
      expect(missing.statusCode, url).toBe(404)
      expect(missing.headers['content-type'], url).not.toMatch(/html/)
    }
  })

  it('serves a robots.txt that keeps crawlers to the public pages', async () => {
    const response = await get('/robots.txt')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/text\/plain/)
    const robots = response.body
    expect(robots).toMatch(/^User-agent: \*$/m)
    for (const open of [
      '/signin',
      '/en/signin',
      '/signin/reset',
      '/onboarding/first',
      '/en/onboarding/first',
    ])
      expect(robotsAllow(robots, open), open).toBe(true)
    for (const closed of [
      '/api/v1/health',
      '/company/3/services',
      '/ru/company/3',
      '/en/company/3/staff',
      '/de/company/3/staff',
      '/pt-BR/invite/some-token',
      '/en/invite/some-token',
      '/uploads/staff/1.webp',
      '/en/flows',
    ])
      expect(robotsAllow(robots, closed), closed).toBe(false)
  })

  it('serves source maps outside production, for debugging', async () => {
    expect((await get(`${FIXTURE_SCRIPT}.map`)).statusCode).toBe(200)
  })

  it('redirects a path with doubled slashes to the single-slash path', async () => {
    const response = await get('/ru//onboarding///first?x=1')
    expect(response.statusCode).toBe(301)
    expect(response.headers.location).toBe('/ru/onboarding/first?x=1')
    const hostLike = await get('//evil.example.com/')
    expect(hostLike.statusCode).toBe(301)
    expect(hostLike.headers.location).toBe('/evil.example.com/')
  })

  it('keeps answering unknown API routes with the JSON envelope', async () => {
    const response = await get('/api/v1/unknown')
    expect(response.statusCode).toBe(404)
    expect(json(response).success).toBe(false)
  })
})

describe('serving the built app in production', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer('pglite', {
      distDir: makeFixtureDist().dir,
      seed: false,
      env: PRODUCTION_ENV,
    })
  })
  afterAll(() => server.close())

  it('keeps source maps off the public site, and still serves the scripts', async () => {
    const map = await server.app.inject({ method: 'GET', url: `${FIXTURE_SCRIPT}.map` })
    expect(map.statusCode).toBe(404)
    expect(map.body).not.toContain('mappings')
    expect((await server.app.inject({ method: 'GET', url: FIXTURE_SCRIPT })).statusCode).toBe(200)
  })
})
