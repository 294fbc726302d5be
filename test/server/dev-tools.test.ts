import { describe, expect, it } from 'vitest'
import { createTestServer, json, PRODUCTION_ENV } from '../support/server-harness'

describe('development tools', () => {
  it('are offered outside production, and /health names no environment', async () => {
    const server = await createTestServer('pglite', { seed: false })
    try {
      const tools = await server.app.inject({ method: 'GET', url: '/api/v1/dev/tools' })
      expect(tools.statusCode).toBe(200)
      expect(json(tools).data).toEqual({ flows: true })
      const health = await server.app.inject({ method: 'GET', url: '/api/v1/health' })
      expect(health.body).not.toMatch(/test|development|production/)
    } finally {
      await server.close()
    }
  })

  it('do not exist in production, which answers like for any unknown route', async () => {
    const server = await createTestServer('pglite', {
      seed: false,
      env: {
        ...PRODUCTION_ENV,
      },
    })
    try {
      const tools = await server.app.inject({ method: 'GET', url: '/api/v1/dev/tools' })
      const unknown = await server.app.inject({ method: 'GET', url: '/api/v1/dev/toolz' })
      expect(tools.statusCode).toBe(404)
      expect(unknown.statusCode).toBe(404)
      const health = await server.app.inject({ method: 'GET', url: '/api/v1/health' })
      expect(health.body).not.toMatch(/production/)
    } finally {
      await server.close()
    }
  })
})
