// 3. How close sign-in comes to the argon2id verification it cannot avoid: verifyPassword() (the server's own,
//    OWASP parameters) against POST /api/v1/auth with correct credentials, at the same concurrency, on each
//    database.
import { hashPassword, verifyPassword } from '../../server/auth/passwords'
import { DEMO } from '../support/server-harness'
import type { BenchServer } from './bench-server'
import { compare, type Comparison } from './compare'
import { runOps, type LoadGenerator } from './load'
import type { Settings } from './settings'

export async function benchSignIn(
  load: LoadGenerator,
  server: BenchServer,
  settings: Settings,
  log: (line: string) => void,
): Promise<Comparison> {
  const storedHash = await hashPassword(DEMO.password)
  const verify = async () => {
    if (!(await verifyPassword(storedHash, DEMO.password))) throw new Error('the password did not verify')
  }
  const options = {
    count: settings.signInCount,
    concurrency: settings.signInConcurrency,
    maxMs: settings.maxRoundMs,
  }
  return compare(
    `Sign-in (${server.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
    { label: 'argon2id verifyPassword()', unit: '/s', round: () => runOps(verify, options) },
    {
      label: 'POST /api/v1/auth (correct password)',
      unit: '/s',
      round: () =>
        load.run({
          ...options,
          url: `${server.origin}/api/v1/auth`,
          method: 'POST',
          body: JSON.stringify({ login: DEMO.email, password: DEMO.password }),
          expectStatus: 201,
        }),
    },
    settings.rounds,
    log,
  )
}
