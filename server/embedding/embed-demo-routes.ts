import type { FastifyInstance } from 'fastify'
import { htmlSecurityHeaders } from '../http/security-headers'
import { embedDemoPageHtml, embedDemoScript, framedPathOf } from './demo-page'

/**
 * GET /embed-demo: the example parent page, outside production only (app.ts registers it then). It
 * frames the app from the same origin, which is then on the allow-list too; `?path=/en/signin` picks the page.
 */
export async function embedDemoRoutes(app: FastifyInstance): Promise<void> {
  const headers = htmlSecurityHeaders(app.config)

  app.get('/embed-demo', async (request, reply) => {
    const path = framedPathOf((request.query as Record<string, unknown>).path)
    return reply
      .headers({ ...headers, 'cache-control': 'no-cache' })
      .type('text/html; charset=utf-8')
      .send(embedDemoPageHtml(path))
  })

  app.get('/embed-demo/parent.js', async (_request, reply) =>
    reply
      .headers({ 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' })
      .type('text/javascript; charset=utf-8')
      .send(embedDemoScript),
  )
}
