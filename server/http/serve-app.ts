import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { loadAppPage } from './app-page'
import { withFirstPaint, type FirstPaint } from './first-paint'
import { readBuildManifest } from './page-preloads'

/** Vite puts content-hashed files here: their content never changes under the same name. */
const HASHED_ASSETS_PREFIX = '/assets/'

export interface AppServingOptions {
  /**
   * Whether `*.map` files are answered with 404. The build writes source maps without naming them in the
   * scripts (vite.config.ts); production keeps them off the public site, since they hold the sources verbatim.
   */
  refuseSourceMaps: boolean
}

/**
 * Answers a GET that matched no file with the app's page, in the language of the path, with what the server could
 * draw of it before the scripts run when there is such a thing (server/http/first-paint.ts).
 */
export type ServeAppPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  firstPaint?: FirstPaint,
) => FastifyReply

/**
 * Serves the built client from `distDir` when it has been built. Hashed assets go out precompressed when the
 * build left a `.br` or `.gz` beside them and the client accepts that encoding (`Vary: Accept-Encoding`
 * either way). Returns the function that answers every other page with index.html (deep links are the client
 * router's business), or undefined when there is no build to serve.
 */
export async function registerAppServing(
  app: FastifyInstance,
  distDir: string,
  options: AppServingOptions,
): Promise<ServeAppPage | undefined> {
  const root = resolve(distDir)
  if (!existsSync(join(root, 'index.html'))) return undefined
  // Vite's manifest says which chunks hold a route's screens and a language's catalog (vite.config.ts).
  const page = loadAppPage(join(root, 'index.html'), readBuildManifest(join(root, '.vite', 'manifest.json')))

  await app.register(fastifyStatic, {
    root,
    // The page itself is answered below, for `/` as for every deep link, so that its language follows the path.
    index: false,
    preCompressed: true,
    // Vite's manifest (.vite/) is for the server alone: it names the sources behind every chunk.
    allowedPath: (pathName) =>
      !pathName.startsWith('/.vite/') && !(options.refuseSourceMaps && pathName.endsWith('.map')),
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

  const servePage: ServeAppPage = (request, reply, firstPaint) => {
    const plain =
      firstPaint?.markup === undefined ? page.forPath(request.url) : page.drawnForPath(request.url)
    const variant = firstPaint ? withFirstPaint(plain, firstPaint) : plain
    // What the server draws depends on the visitor's cookies (a likely session, an accepted notice): no cache
    // may answer one visitor with the page drawn for another. A page holding the visitor's own data is not kept.
    void reply.header('vary', 'Cookie')
    if (firstPaint?.personal)
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(variant.html)
    void reply.header('cache-control', 'no-cache').header('etag', variant.etag)
    if (request.headers['if-none-match'] === variant.etag) return reply.code(304).send()
    return reply.type('text/html; charset=utf-8').send(variant.html)
  }
  // The static files' wildcard would answer the folder itself with 403.
  app.get('/', servePage)
  return servePage
}

/**
 * Paths that name a file rather than a screen: the hashed assets, and a file at the top level such as
 * /favicon.ico, /apple-touch-icon.png or /sitemap.xml. A missing one is a real 404: answering it with the page
 * would only confuse the browser or the crawler that asked. App routes never have a dot in their first segment.
 */
export function isFilePath(path: string): boolean {
  return path.startsWith(HASHED_ASSETS_PREFIX) || /^\/[^/]*\.[^/]*$/.test(path)
}
