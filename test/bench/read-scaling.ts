// How the authenticated read's cost grows with the requests in flight: comparison 2 (16 in flight) again at 1
// and at 64, each against the raw primary-key select at the same concurrency. One in flight shows the latency
// of a lone request (every step waits for the one before it); 64 shows what queueing adds once the server is
// saturated (on PostgreSQL, the pool's connections are fewer than 64, so both sides queue for them).
import type { BenchServer } from './bench-server'
import type { Comparison } from './compare'
import { benchDbRead } from './db-read'
import type { LoadGenerator } from './load'
import type { Settings } from './settings'

/** The concurrencies measured besides the 16 of comparison 2. */
export const SCALING_CONCURRENCIES = [1, 64] as const

export async function benchReadScaling(
  load: LoadGenerator,
  server: BenchServer,
  settings: Settings,
  log: (line: string) => void,
): Promise<Comparison[]> {
  const comparisons: Comparison[] = []
  for (const concurrency of SCALING_CONCURRENCIES) {
    comparisons.push(await benchDbRead(load, server, { ...settings, httpConcurrency: concurrency }, log))
  }
  return comparisons
}
