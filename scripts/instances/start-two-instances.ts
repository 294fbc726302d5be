import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startRoundRobinBalancer } from './round-robin-balancer'
import { freePort, startServerProcess } from './server-process'

/**
 * `npm run start:two-instances`: two API processes on the PostgreSQL of DATABASE_URL behind a round-robin
 * balancer on PORT (8080 by default), to try what docs/reliability.md promises by hand. Both get the same
 * secrets and public origin, as instances behind one balancer must. Ctrl+C stops all three.
 */
const databaseUrl = process.env.DATABASE_URL
if (!databaseUrl) {
  console.error('Set DATABASE_URL to a PostgreSQL database (postgres://...): both instances share it.')
  process.exit(1)
}
const port = Number(process.env.PORT ?? 8080)
const secret = () =>
  crypto
    .getRandomValues(new Uint8Array(32))
    .reduce((hex, byte) => hex + byte.toString(16).padStart(2, '0'), '')
const env = {
  DATABASE_URL: databaseUrl,
  PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? `http://localhost:${port}`,
  JWT_SECRET: process.env.JWT_SECRET ?? secret(),
  DATA_ENCRYPTION_KEY: process.env.DATA_ENCRYPTION_KEY ?? secret(),
  DATA_DIR: process.env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'salon-instances-')),
  TRUST_PROXY: 'true',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
}
const instances = await Promise.all([startServerProcess(env), startServerProcess(env)])
for (const instance of instances) {
  instance.child.stdout?.pipe(process.stdout)
  instance.child.stderr?.pipe(process.stderr)
}
const balancer = await startRoundRobinBalancer(
  instances.map((instance) => instance.port),
  port === 0 ? await freePort() : port,
)
console.log(
  `Two instances on ports ${instances.map((instance) => instance.port).join(' and ')}, ` +
    `behind http://localhost:${balancer.port}`,
)
const stop = async () => {
  await balancer.close()
  for (const instance of instances) instance.child.kill('SIGTERM')
  await Promise.all(instances.map((instance) => instance.exited))
  process.exit(0)
}
process.once('SIGINT', () => void stop())
process.once('SIGTERM', () => void stop())
