import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { PUBLIC_API_ROUTES } from '../http/route-access'
import { findOperation } from './api-operations'
import { operationSchema } from './operation-schema'

/** The API version the document describes; /api/v2 answers the same routes. */
const DOCUMENTED_PREFIX = '/api/v1'
export const OPENAPI_DOCUMENT_PATH = `${DOCUMENTED_PREFIX}/openapi.json`
export const API_REFERENCE_PATH = '/api/docs'

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the operations table (server/openapi/api-operations.ts)
 * at the first request, and its reference page. Register before the API routes: @fastify/swagger learns the
 * routes as they are added. Routes outside /api/v1 (the same API under /api/v2, the app's pages, uploads) are
 * left out of the document.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Salon onboarding and workspace API',
        version: '1',
        description:
          'Every reply travels in an envelope: `{ success: true, data, meta }`, or a 4xx/5xx status with ' +
          '`{ success: false, data: null, meta: { message, errors? } }`. See docs/api.md for the prose.',
      },
      servers: [{ url: DOCUMENTED_PREFIX }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: ({ schema, url, route }) => {
      const method = [route.method].flat()[0] as string
      const path = url.startsWith(`${DOCUMENTED_PREFIX}/`) ? url.slice(DOCUMENTED_PREFIX.length) : null
      const operation = path === null ? undefined : findOperation(method, path)
      if (path === null || !operation) return { schema: { ...schema, hide: true }, url }
      const isPublic = PUBLIC_API_ROUTES.has(`${method} ${path}`)
      return { schema: operationSchema(operation, operation.tag, isPublic), url }
    },
  })
  app.get(OPENAPI_DOCUMENT_PATH, { schema: { hide: true } }, async () => app.swagger())
  await app.register(fastifySwaggerUi, {
    routePrefix: API_REFERENCE_PATH,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  })
}
