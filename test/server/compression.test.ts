import Fastify from 'fastify'
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPRESSION_THRESHOLD_BYTES, registerReplyCompression } from '../../server/http/compress-replies'
import { FIXTURE_SCRIPT, makeFixtureDist, type FixtureDist } from '../support/fixture-dist'
import { createTestServer, type TestServer } from '../support/server-harness'

const decoded = (body: Buffer, encoding: string | undefined) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body

// What travels is the same whatever the database, so this suite runs on PGlite only.
describe('compressed replies', () => {
  let server: TestServer
  let dist: FixtureDist
  beforeAll(async () => {
    dist = makeFixtureDist()
    server = await createTestServer('pglite', { distDir: dist.dir, seed: false })
  })
  afterAll(() => server.close())

  const request = (method: 'GET' | 'HEAD', url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method, url, headers })

  it('sends a hashed script as the brotli file the build made when the browser accepts br', async () => {
    const response = await request('GET', FIXTURE_SCRIPT, { 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['content-type']).toMatch(/javascript/)
    expect(response.headers.vary).toMatch(/accept-encoding/i)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    // The build's own file (quality 11), not one compressed again on the way out...
    expect(response.rawPayload.equals(dist.scriptBr)).toBe(true)
    // ...and it unpacks to the script itself.
    expect(brotliDecompressSync(response.rawPayload).equals(dist.script)).toBe(true)
  })

  it('sends the gzip file to a client that accepts only gzip', async () => {
    const response = await request('GET', FIXTURE_SCRIPT, { 'accept-encoding': 'gzip' })
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(response.rawPayload.equals(dist.scriptGz)).toBe(true)
    expect(gunzipSync(response.rawPayload).equals(dist.script)).toBe(true)
  })

  it('sends the script as it is to a client that accepts no encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const response = await request('GET', FIXTURE_SCRIPT, headers)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBeUndefined()
      expect(response.rawPayload.equals(dist.script)).toBe(true)
      // A shared cache must not hand this copy to a browser that asked for br, nor the other way round.
      expect(response.headers.vary).toMatch(/accept-encoding/i)
    }
  })

  it('answers HEAD and a revalidation of a script without a body', async () => {
    const head = await request('HEAD', FIXTURE_SCRIPT, { 'accept-encoding': 'br' })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-encoding']).toBe('br')
    expect(head.rawPayload.length).toBe(0)
    const first = await request('GET', FIXTURE_SCRIPT, { 'accept-encoding': 'br' })
    const again = await request('GET', FIXTURE_SCRIPT, {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
  })

  it('compresses a large JSON reply of the API, keeping its request id and security headers', async () => {
    const identity = await request('GET', '/api/v1/onboarding/references')
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(identity.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES)
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await request('GET', '/api/v1/onboarding/references', { 'accept-encoding': accept })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBe(encoding)
      expect(response.headers.vary).toMatch(/accept-encoding/i)
      expect(response.headers['x-request-id']).toBeTruthy()
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.rawPayload.length).toBeLessThan(identity.rawPayload.length / 2)
      expect(JSON.parse(decoded(response.rawPayload, encoding).toString())).toEqual(JSON.parse(identity.body))
    }
  })

  it('sends a small JSON reply as it is', async () => {
    const response = await request('GET', '/api/v1/health', { 'accept-encoding': 'br, gzip' })
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES)
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(response.body).success).toBe(true)
  })
})

describe('which replies are compressed', () => {
  const app = Fastify({ logger: false })
  const big = { items: Array.from({ length: 200 }, (_, index) => ({ index, title: `Item ${index}` })) }
  beforeAll(async () => {
    await registerReplyCompression(app)
    app.get('/read', async () => big)
    app.post('/write', async () => big)
    await app.ready()
  })
  afterAll(() => app.close())

  it('compresses reads and never the reply to a write, where secrets such as tokens travel (BREACH)', async () => {
    const headers = { 'accept-encoding': 'br, gzip' }
    const read = await app.inject({ method: 'GET', url: '/read', headers })
    expect(read.headers['content-encoding']).toBe('br')
    const write = await app.inject({ method: 'POST', url: '/write', headers })
    expect(write.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES)
    expect(write.headers['content-encoding']).toBeUndefined()
    expect(write.json()).toEqual(big)
  })

  it('does not unpack compressed request bodies: the API reads plain JSON only', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/write',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ title: 'x' })),
    })
    expect(response.statusCode).toBe(400)
  })
})
