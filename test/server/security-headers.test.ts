import { describe, expect, it } from 'vitest'
import { createTestServer, json, post, postSignIn, DEMO, useTestServer } from '../support/server-harness'

describe('security headers', () => {
  const server = useTestServer('pglite')

  it('marks API JSON replies nosniff, with a strict referrer policy', async () => {
    for (const url of ['/api/v1/health', '/api/v1/no-such-route', '/api/v1/companies']) {
      const response = await server.app.inject({ method: 'GET', url })
      expect(response.headers['content-type'], url).toMatch(/application\/json/)
      expect(response.headers['x-content-type-options'], url).toBe('nosniff')
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin')
    }
  })

  it('never lets a cache keep a reply that carries tokens', async () => {
    const signIn = await postSignIn(server.app, DEMO.email, DEMO.password)
    expect(signIn.statusCode).toBe(201)
    const refresh = await post(server.app, '/jwt/refresh', { refresh_token: json(signIn).data.refresh_token })
    expect(refresh.statusCode).toBe(200)
    const failed = await postSignIn(server.app, DEMO.email, 'wrong-password')
    const reset = await post(server.app, '/auth/send_code', { user_contact_info: DEMO.email })
    for (const response of [signIn, refresh, failed, reset]) {
      expect(response.headers['cache-control']).toBe('no-store')
    }
  })

  it('lets reference data be cached, as its route says', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/countries' })
    expect(response.headers['cache-control']).toBe('public, max-age=3600')
  })

  it('sends no HSTS while the public origin is plain http', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/health' })
    expect(response.headers['strict-transport-security']).toBeUndefined()
  })

  it('sends HSTS for a year, subdomains included, when the public origin is https', async () => {
    const https = await createTestServer('pglite', {
      seed: false,
      env: { PUBLIC_ORIGIN: 'https://salon.example.com' },
    })
    try {
      const response = await https.app.inject({ method: 'GET', url: '/api/v1/health' })
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    } finally {
      await https.close()
    }
  })

  it('leaves framing to frame-ancestors, so the admin application may embed the app', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/health' })
    expect(response.headers['x-frame-options']).toBeUndefined()
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'")
  })
})
