import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'

/** Vite puts content-hashed files here: their content never changes under the same name. */
const HASHED_ASSETS_PREFIX = '/assets/'

/**
 * Serves the built client from `distDir` when it has been built. Returns a function that answers a GET which
 * matched no file with index.html (deep links are the client router's business), or undefined when there is
 * no build to serve.
 */
export async function registerAppServing(
  app: FastifyInstance,
  distDir: string,
): Promise<((reply: FastifyReply) => FastifyReply) | undefined> {
  const root = resolve(distDir)
  if (!existsSync(join(root, 'index.html'))) return undefined

  await app.register(fastifyStatic, {
    root,
    index: ['index.html'],
    // Cache headers are set below, per kind of file.
    cacheControl: false,
    setHeaders(fileReply, filePath) {
      if (filePath.startsWith(join(root, 'assets') + '/')) {
        fileReply.header('cache-control', 'public, max-age=31536000, immutable')
      } else {
        // index.html names the current hashed assets, so it must be revalidated on every load.
        fileReply.header('cache-control', 'no-cache')
      }
    },
  })

  return (reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', root)
}

/** A missing hashed asset is a real 404: answering it with HTML would only confuse the browser. */
export function isHashedAssetPath(url: string): boolean {
  return url.startsWith(HASHED_ASSETS_PREFIX)
}
