import fastifyCompress from '@fastify/compress'
import type { FastifyInstance, onSendHookHandler, RouteOptions } from 'fastify'

/** Replies smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024

/** The methods whose replies may be compressed: reads. */
const COMPRESSIBLE_METHODS = new Set(['GET', 'HEAD'])

/** A string of fewer UTF-16 units than this is below the threshold whatever it holds (3 bytes a unit at most). */
const SURELY_SMALL_STRING = Math.floor(COMPRESSION_THRESHOLD_BYTES / 3)

/** True for a payload the plugin would send unchanged because of its size: decided without looking further. */
function belowThreshold(payload: unknown): boolean {
  if (payload === null || payload === undefined) return true
  if (typeof payload === 'string') {
    // A unit is one byte at least: a string as long as the threshold is not below it, and needs no counting.
    if (payload.length >= COMPRESSION_THRESHOLD_BYTES) return false
    return payload.length < SURELY_SMALL_STRING || Buffer.byteLength(payload) < COMPRESSION_THRESHOLD_BYTES
  }
  return Buffer.isBuffer(payload) && payload.length < COMPRESSION_THRESHOLD_BYTES
}

/**
 * The plugin's onSend reads the reply's headers and negotiates the encoding before it looks at the size; most
 * API replies are a few hundred bytes, so the size is checked first and such a reply skips the plugin's work.
 * Same outcome: the plugin never compresses a payload below its threshold.
 */
function sizeGated(onSend: onSendHookHandler): onSendHookHandler {
  return function compressUnlessSmall(this: FastifyInstance, request, reply, payload, done) {
    if (belowThreshold(payload)) return done(null, payload)
    return (onSend as (...args: unknown[]) => void).call(this, request, reply, payload, done)
  } as onSendHookHandler
}

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
  /** Each route's onSend handlers before the plugin adds its own. */
  const before = new WeakMap<RouteOptions, Set<unknown>>()
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat()
    if (!methods.every((method) => COMPRESSIBLE_METHODS.has(method))) route.compress = false
    before.set(route, new Set([route.onSend ?? []].flat()))
  })
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  })
  // Runs after the plugin's own onRoute hook: the handler it has just added is the one to gate.
  app.addHook('onRoute', (route: RouteOptions) => {
    const existing = before.get(route)
    if (!existing || !Array.isArray(route.onSend)) return
    route.onSend = route.onSend.map((handler) =>
      existing.has(handler) ? handler : sizeGated(handler as onSendHookHandler),
    )
  })
}
