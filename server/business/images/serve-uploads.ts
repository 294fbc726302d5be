import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { UPLOADS_URL_PREFIX, uploadsDir } from './uploads-dir'

/**
 * Serves uploaded pictures read-only at /uploads/... . Their names are random and never reused, so they may be
 * cached for good; nosniff and a sandboxing CSP keep a file from ever being run as a page.
 */
export async function serveUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, {
    root: uploadsDir(app.config),
    prefix: UPLOADS_URL_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=31536000, immutable')
      reply.header('x-content-type-options', 'nosniff')
      reply.header('content-security-policy', "default-src 'none'; sandbox")
    },
  })
}
