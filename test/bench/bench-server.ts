import type { AddressInfo } from 'node:net'
import {
  createTestServer,
  type TestDatabaseKind,
  type TestServer,
  type TestServerOptions,
} from '../support/server-harness'

export interface BenchServer extends TestServer {
  kind: TestDatabaseKind
  /** http://127.0.0.1:<ephemeral port> */
  origin: string
}

/**
 * The real application (buildApp) on a fresh, seeded database, listening on an ephemeral loopback port. For
 * PostgreSQL the harness creates a temporary database and drops it again on close.
 */
export async function startBenchServer(
  kind: TestDatabaseKind,
  options: Pick<TestServerOptions, 'distDir'> = {},
): Promise<BenchServer> {
  const server = await createTestServer(kind, {
    ...options,
    env: {
      // Sign-in throttling holds a place for every attempt in flight (a right password gives it back when it
      // is done), so parallel sign-ins would meet the limits: raise them all so no limit can shape the figures.
      SIGNIN_THROTTLE_PAIR_MAX: '10000',
      SIGNIN_THROTTLE_ACCOUNT_MAX: '10000',
      SIGNIN_THROTTLE_ACCOUNT_DAY_MAX: '100000',
      SIGNIN_THROTTLE_IP_MAX: '100000',
      ACCESS_TOKEN_TTL_SEC: '3600',
    },
  })
  try {
    await server.app.listen({ host: '127.0.0.1', port: 0 })
  } catch (error) {
    await server.close()
    throw error
  }
  const { port } = server.app.server.address() as AddressInfo
  return { ...server, kind, origin: `http://127.0.0.1:${port}` }
}
