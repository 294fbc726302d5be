import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiOperations, operationKey } from '../../server/openapi/api-operations'
import { pathParamNames } from '../../server/openapi/operation-schema'
import { createTestServer, json, PRODUCTION_ENV, type TestServer } from '../support/server-harness'

/** `/staff/:id/services` as OpenAPI writes it: `/staff/{id}/services`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}')

interface DocumentOperation {
  summary?: string
  tags?: string[]
  parameters?: { in: string; name: string; schema?: unknown }[]
  requestBody?: { content: Record<string, { schema: unknown }> }
  responses: Record<
    string,
    { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }
  >
}

describe('the OpenAPI document of /api/v1', () => {
  let server: TestServer
  let paths: Record<string, Record<string, DocumentOperation>>
  beforeAll(async () => {
    server = await createTestServer('pglite', { seed: false })
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })
    expect(response.statusCode).toBe(200)
    const document = json(response)
    expect(document.openapi).toBe('3.1.0')
    paths = document.paths
  })
  afterAll(() => server.close())

  /** Every API route as registered (once, without the HEAD beside each GET). */
  const registeredRoutes = () => {
    const keys = new Set(
      server.app.routeAccessTable
        .filter((route) => route.method !== 'HEAD')
        .map((route) => operationKey(route.method, route.path)),
    )
    return [...keys].map((key) => {
      const [method, path] = key.split(' ') as [string, string]
      return { method, path }
    })
  }
  const documented = (method: string, path: string) => paths[openApiPath(path)]?.[method.toLowerCase()]

  it('lists every registered route with a summary, its area and its reply in the envelope', () => {
    const routes = registeredRoutes()
    expect(routes.length).toBeGreaterThan(150)
    const missing = routes.filter(({ method, path }) => !documented(method, path))
    expect(missing, 'routes the document leaves out').toEqual([])
    const withoutReply: string[] = []
    for (const { method, path } of routes) {
      const operation = documented(method, path)!
      expect(operation.summary, `${method} ${path}`).toMatch(/\w/)
      expect(operation.tags, `${method} ${path}`).toHaveLength(1)
      expect(operation.responses['4XX'], `${method} ${path} says how it refuses`).toBeDefined()
      const success = Object.entries(operation.responses).find(([status]) => /^2\d\d$/.test(status))
      const envelope = success?.[1].content?.['application/json']?.schema
      if (!envelope?.properties?.data || !envelope.properties.success) withoutReply.push(`${method} ${path}`)
    }
    expect(withoutReply, 'routes without the schema of their reply').toEqual([])
  })

  it('names every path parameter, and the body and query of the routes that read them', () => {
    for (const operation of apiOperations) {
      const entry = documented(operation.method, operation.path)!
      const inPath = (entry.parameters ?? []).filter((parameter) => parameter.in === 'path')
      expect(inPath.map((parameter) => parameter.name).sort()).toEqual(pathParamNames(operation.path).sort())
      if (operation.body) {
        expect(entry.requestBody?.content, `${operation.method} ${operation.path}`).toHaveProperty(
          'application/json',
        )
      }
      if (operation.upload) {
        expect(entry.requestBody?.content).toHaveProperty('multipart/form-data')
      }
      if (operation.query) {
        expect(
          (entry.parameters ?? []).some((parameter) => parameter.in === 'query'),
          `${operation.method} ${operation.path} lists its query`,
        ).toBe(true)
      }
    }
  })

  it('describes no route that does not exist', () => {
    const registered = new Set(registeredRoutes().map(({ method, path }) => operationKey(method, path)))
    const stale = apiOperations
      .map((operation) => operationKey(operation.method, operation.path))
      .filter((key) => !registered.has(key))
    expect(stale).toEqual([])
  })

  it('leaves the same API under /api/v2 and the pages out of the document', () => {
    expect(Object.keys(paths).filter((path) => path.startsWith('/api/'))).toEqual([])
  })

  it('serves the reference page at /api/docs', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/api/docs/' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    const spec = await server.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(Object.keys(json(spec).paths)).toEqual(Object.keys(paths))
  })
})

describe('the OpenAPI document in production', () => {
  // Two servers start in this test: under a full run's load that alone took 35 s once, and 98 s at load 14.
  it('is not served unless API_DOCS=true', { timeout: 180_000 }, async () => {
    const closed = await createTestServer('pglite', { seed: false, env: PRODUCTION_ENV })
    try {
      expect((await closed.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).statusCode).toBe(404)
      expect((await closed.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(404)
    } finally {
      await closed.close()
    }
    const open = await createTestServer('pglite', {
      seed: false,
      env: { ...PRODUCTION_ENV, API_DOCS: 'true' },
    })
    try {
      expect((await open.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).statusCode).toBe(200)
    } finally {
      await open.close()
    }
  })
})
