import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export interface ServerProcess {
  port: number
  child: ChildProcess
  /** Everything the process printed so far. */
  output: () => string
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>
}

export interface ServerProcessOptions {
  /** Node's arguments; by default the sources under the tsx loader (inside node, so that signals reach the server). */
  args?: string[]
  /** The working directory of the process; by default this one. */
  cwd?: string
  /** The path that answers 200 once the server is up; by default GET /api/v1/health. */
  readyPath?: string
  /** How often readiness is asked. */
  pollMs?: number
  timeoutMs?: number
}

/**
 * Starts a server process with `env` on a free port and resolves once `readyPath` answers 200. The parent's
 * NODE_OPTIONS are left out (a test runner's loader there would load into the compiled bundle too).
 */
export async function startServerProcess(
  env: Record<string, string>,
  {
    args = ['--import', 'tsx', 'server/main.ts'],
    cwd,
    readyPath = '/api/v1/health',
    pollMs = 200,
    timeoutMs = 120_000,
  }: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = await freePort()
  const { NODE_OPTIONS: _loaderOptions, ...environment } = process.env
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...environment, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited early with code ${child.exitCode}:\n${output}`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}${readyPath}`)).ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not become ready in time:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
  return { port, child, output: () => output, exited }
}
