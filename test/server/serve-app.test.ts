import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, json, type TestServer } from '../support/server-harness'

// Serving the built client does not depend on the database, so this suite runs on PGlite only.
describe('serving the built app', () => {
  let server: TestServer
  beforeAll(async () => {
    const distDir = mkdtempSync(join(tmpdir(), 'salon-dist-'))
    mkdirSync(join(distDir, 'assets'))
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Salon</title><div id="root"></div>')
    writeFileSync(join(distDir, 'assets', 'index-abc123.js'), 'console.log("app")')
    writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    server = await createTestServer('pglite', {
      distDir,
      seed: false,
      env: { EMBED_PARENT_ORIGINS: 'https://admin.example.com' },
    })
  })
  afterAll(() => server.close())

  const get = (url: string) => server.app.inject({ method: 'GET', url })

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

  it('serves hashed assets as immutable and other files as they are', async () => {
    const asset = await get('/assets/index-abc123.js')
    expect(asset.statusCode).toBe(200)
    expect(asset.body).toBe('console.log("app")')
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const icon = await get('/favicon.svg')
    expect(icon.statusCode).toBe(200)
    expect(icon.headers['content-type']).toMatch(/svg/)
  })

  it('answers a missing hashed asset with 404, not with the page', async () => {
    expect((await get('/assets/missing-123.js')).statusCode).toBe(404)
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
