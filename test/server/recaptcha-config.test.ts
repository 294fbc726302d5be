import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import {
  createTestServer,
  json,
  testDatabases,
  type TestServer,
  PRODUCTION_ENV,
} from '../support/server-harness'

const SITE_KEY = '6LeIxAcTAAAAAJcZVRqyHh71UMIEGQQZXXXXXXXX'
const GOOGLE_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']
const GOOGLE_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']

/** A built client with nothing but index.html, so that the page headers can be read. */
function tinyDist(): string {
  const distDir = mkdtempSync(join(tmpdir(), 'salon-recaptcha-dist-'))
  mkdirSync(join(distDir, 'assets'))
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Salon</title><div id="root"></div>')
  return distDir
}

/** The Content-Security-Policy of an HTML page as a map from directive to its sources. */
function policyOf(header: unknown): Map<string, string[]> {
  const directives = String(header)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
  return new Map(directives.map(([name, ...sources]) => [name ?? '', sources]))
}

describe.each(testDatabases())('reCAPTCHA configuration (%s)', (kind) => {
  describe('with a site key and a secret', () => {
    let server: TestServer
    beforeAll(async () => {
      server = await createTestServer(kind, {
        seed: false,
        distDir: tinyDist(),
        env: { RECAPTCHA_SITE_KEY: SITE_KEY, RECAPTCHA_SECRET: 'secret-value' },
      })
    })
    afterAll(() => server?.close())

    it('hands the public site key to the browser and never the secret', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/api/v1/onboarding/recaptcha_config' })
      expect(response.statusCode).toBe(200)
      expect(json(response)).toEqual({
        success: true,
        data: { site_key: SITE_KEY, mode: 'google' },
        meta: {},
      })
      expect(response.body).not.toContain('secret-value')
    })

    it("lets every HTML page load Google's widget script and frame", async () => {
      for (const url of ['/', '/en/onboarding/first', '/embed-demo']) {
        const response = await server.app.inject({ method: 'GET', url })
        expect(response.statusCode, url).toBe(200)
        const policy = policyOf(response.headers['content-security-policy'])
        expect(policy.get('script-src'), url).toEqual(["'self'", ...GOOGLE_SCRIPTS])
        expect(policy.get('frame-src'), url).toEqual(["'self'", ...GOOGLE_FRAMES])
        expect(policy.get('default-src'), url).toEqual(["'self'"])
      }
    })
  })

  describe('without a site key', () => {
    let server: TestServer
    beforeAll(async () => {
      server = await createTestServer(kind, { seed: false, distDir: tinyDist() })
    })
    afterAll(() => server?.close())

    it('asks for the development checkbox', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/api/v2/onboarding/recaptcha_config' })
      expect(response.statusCode).toBe(200)
      expect(json(response).data).toEqual({ site_key: null, mode: 'development' })
    })

    it('trusts no Google origin in the page policy', async () => {
      for (const url of ['/', '/embed-demo']) {
        const response = await server.app.inject({ method: 'GET', url })
        const header = String(response.headers['content-security-policy'])
        expect(policyOf(header).get('script-src'), url).toEqual(["'self'"])
        expect(policyOf(header).has('frame-src'), url).toBe(false)
        expect(header, url).not.toContain('google')
      }
    })
  })
})

describe('reCAPTCHA settings at start', () => {
  const base = {
    ...PRODUCTION_ENV,
    JWT_SECRET: 'x'.repeat(40),
    DATA_ENCRYPTION_KEY: 'y'.repeat(40),
    DATA_DIR: '/tmp/unused-recaptcha',
  }

  it('refuses half a pair in production, naming the missing variable', () => {
    expect(() => loadConfig({ ...base, RECAPTCHA_SITE_KEY: SITE_KEY })).toThrow(
      /RECAPTCHA_SECRET: is required/,
    )
    expect(() => loadConfig({ ...base, RECAPTCHA_SECRET: 'secret-value' })).toThrow(
      /RECAPTCHA_SITE_KEY: is required/,
    )
  })

  it('starts in production with both or neither', () => {
    expect(
      loadConfig({ ...base, RECAPTCHA_SITE_KEY: SITE_KEY, RECAPTCHA_SECRET: 's' }).RECAPTCHA_SITE_KEY,
    ).toBe(SITE_KEY)
    expect(loadConfig(base).RECAPTCHA_SITE_KEY).toBeUndefined()
  })

  it('rejects a site key that cannot be one', () => {
    expect(() => loadConfig({ RECAPTCHA_SITE_KEY: 'not a key <script>' })).toThrow(
      /RECAPTCHA_SITE_KEY: must be/,
    )
  })

  it('ignores a lone site key outside production, since the development verifier cannot check its tokens', async () => {
    const server = await createTestServer('pglite', { seed: false, env: { RECAPTCHA_SITE_KEY: SITE_KEY } })
    try {
      const response = await server.app.inject({ method: 'GET', url: '/api/v1/onboarding/recaptcha_config' })
      expect(json(response).data).toEqual({ site_key: null, mode: 'development' })
    } finally {
      await server.close()
    }
  })
})
