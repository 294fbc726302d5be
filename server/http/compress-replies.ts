import fastifyCompress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/** Replies smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024

/** The methods whose replies may be compressed: reads. */
const COMPRESSIBLE_METHODS = new Set(['GET', 'HEAD'])

/**
 * Compresses replies of 1 kB and more (brotli or gzip, as the client's Accept-Encoding prefers; Vary:
 * Accept-Encoding on every compressed reply) for reads only. The replies that carry secrets (token pairs, the
 * refresh cookie's rotation, codes) all answer a POST, and a POST reply is never compressed, so no reply mixes a
 * secret with input an attacker chose and lets its length leak it (BREACH; docs/decisions.md, "Compression").
 * Files already compressed at build time keep their own encoding (server/http/serve-app.ts). Request bodies are
 * not decompressed: the API accepts plain JSON only.
 *
 * Must be registered before any route: the method rule and the plugin both act when a route is added.
 */
export async function registerReplyCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat()
    if (!methods.every((method) => COMPRESSIBLE_METHODS.has(method))) route.compress = false
  })
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  })
}
