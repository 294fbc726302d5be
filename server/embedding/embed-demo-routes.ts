import type { FastifyInstance } from 'fastify'
import { embedDemoPageHtml, embedDemoScript, framedPathOf } from './demo-page'

/**
 * GET /embed-demo: the example parent page, outside production only (app.ts registers it then). It
 * frames the app from the same origin, which is then on the allow-list too; `?path=/en/signin` picks the page.
 */
export async function embedDemoRoutes(app: FastifyInstance): Promise<void> {
  app.get('/embed-demo', async (request, reply) => {
    const path = framedPathOf((request.query as Record<string, unknown>).path)
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(embedDemoPageHtml(path))
  })

  app.get('/embed-demo/parent.js', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(embedDemoScript),
  )
}
