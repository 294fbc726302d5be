import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
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
 * A data folder that a server has already initialised (migrations, demo seed, place names), written by the e2e
 * global setup once per run. A journey's server starts from a copy of it in about two seconds instead of the ten
 * (forty on a loaded machine) that a fresh embedded database takes; the copy holds exactly what a fresh start
 * would hold, since the same build wrote it minutes before. It lives in the checkout's own .data/ (ignored by
 * git), not under node_modules, which git worktrees of one repository may share: a run in one worktree would
 * remove the template another is copying.
 */
export const DATA_TEMPLATE_DIR = join('.data', 'e2e-data-template')

/** Settings under which the template's contents would differ from a fresh start: those servers start fresh. */
const SETTINGS_THAT_SHAPE_THE_DATA = [
  'NODE_ENV',
  'DATA_ENCRYPTION_KEY',
  'JWT_SECRET',
  'DATABASE_URL',
  'DATA_DIR',
]

function newDataDir(env: Record<string, string>, fromTemplate: boolean): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-e2e-'))
  const templateFits = fromTemplate || !SETTINGS_THAT_SHAPE_THE_DATA.some((name) => name in env)
  if (templateFits && existsSync(join(DATA_TEMPLATE_DIR, 'secrets.json')))
    cpSync(DATA_TEMPLATE_DIR, dataDir, { recursive: true })
  return dataDir
}

export interface StartOptions {
  /** A data folder to use and keep (the global setup's template); by default a new one, removed at stop. */
  dataDir?: string
  /**
   * Start from a copy of the template even though the settings differ from its own: for a journey that does not
   * depend on what a fresh start under those settings would hold (a production server's pages, say). Pass the
   * template's keys (`templateKeys()`), or its sealed data cannot be read.
   */
  fromTemplate?: boolean
}

/** The signing and data keys the template's server generated (a production server must be given them). */
export function templateKeys(): { JWT_SECRET: string; DATA_ENCRYPTION_KEY: string } {
  return JSON.parse(readFileSync(join(DATA_TEMPLATE_DIR, 'secrets.json'), 'utf8')) as {
    JWT_SECRET: string
    DATA_ENCRYPTION_KEY: string
  }
}

/**
 * Starts the real server the way `npm start` does (the compiled server with plain node, serving the built app
 * plus the API on one port), on a free port with a data folder of its own, so each journey begins with only the
 * demo data.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = options.dataDir ?? newDataDir(env, options.fromTemplate ?? false)
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
          if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
          resolve(code)
        }
        if (child.exitCode !== null) return done(child.exitCode)
        child.once('exit', done)
        child.kill('SIGTERM')
      }),
  }
}
