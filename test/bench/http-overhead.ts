// 1. What our application adds to the cheapest possible request: a bare Fastify hello-world route against
//    GET /api/v1/health of the real buildApp (its hooks, slash collapsing, envelope, error handling, ...).
import type { AddressInfo } from 'node:net'
import Fastify from 'fastify'
import type { BenchServer } from './bench-server'
import { compare, type Comparison } from './compare'
import type { LoadGenerator } from './load'
import type { Settings } from './settings'

export async function benchHttpOverhead(
  load: LoadGenerator,
  server: BenchServer,
  settings: Settings,
  log: (line: string) => void,
): Promise<Comparison> {
  const bare = Fastify({ logger: false })
  bare.get('/', async () => ({ hello: 'world' }))
  await bare.listen({ host: '127.0.0.1', port: 0 })
  try {
    const { port } = bare.server.address() as AddressInfo
    const options = {
      method: 'GET' as const,
      count: settings.httpCount,
      concurrency: settings.httpConcurrency,
      maxMs: settings.maxRoundMs,
      expectStatus: 200,
    }
    return await compare(
      'HTTP overhead',
      {
        label: 'bare Fastify GET /',
        unit: 'req/s',
        round: () => load.run({ ...options, url: `http://127.0.0.1:${port}/` }),
      },
      {
        label: 'GET /api/v1/health',
        unit: 'req/s',
        round: () => load.run({ ...options, url: `${server.origin}/api/v1/health` }),
      },
      settings.rounds,
      log,
    )
  } finally {
    await bare.close()
  }
}
