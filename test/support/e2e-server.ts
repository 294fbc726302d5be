import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface RunningServer {
  origin: string
  output: () => string
  stop: () => Promise<number | null>
}

/** Asks the OS for a free port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

async function waitForHealth(origin: string, child: ChildProcess, output: () => string) {
  // A fresh embedded database (initdb, migrations, the demo seed's password hashes) takes seconds alone, and
  // more than two minutes when three journeys start their servers at once on a loaded two-core machine.
  const deadline = Date.now() + 240_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`)
    const healthy = await fetch(`${origin}/api/v1/health`)
      .then((response) => response.ok)
      .catch(() => false)
    if (healthy) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`server did not become healthy:\n${output()}`)
}

/** The compiled server that `npm start` and the Docker image run; the e2e global setup builds it when stale. */
const COMPILED_SERVER = 'dist-server/main.mjs'

/**
 * Starts the real server the way `npm start` does (the compiled server with plain node, serving the built app
 * plus the API on one port), on a free port with a fresh data folder, so each journey begins with only the demo
 * data.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-e2e-'))
  const origin = `http://127.0.0.1:${port}`
  if (!existsSync(COMPILED_SERVER)) {
    throw new Error(`${COMPILED_SERVER} is missing: run the journeys with npm run test:e2e, which builds it`)
  }
  const child = spawn(process.execPath, ['--enable-source-maps', COMPILED_SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: origin,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout?.on('data', (chunk) => (log += String(chunk)))
  child.stderr?.on('data', (chunk) => (log += String(chunk)))
  const output = () => log
  await waitForHealth(origin, child, output)
  return {
    origin,
    output,
    stop: () =>
      new Promise((resolve) => {
        const done = (code: number | null) => {
          rmSync(dataDir, { recursive: true, force: true })
          resolve(code)
        }
        if (child.exitCode !== null) return done(child.exitCode)
        child.once('exit', done)
        child.kill('SIGTERM')
      }),
  }
}
