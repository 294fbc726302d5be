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

/**
 * Starts the real entry point (server/main.ts, with the tsx loader inside node so that signals reach it) with
 * `env` on a free port, and resolves once GET /api/v1/health answers.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { timeoutMs = 120_000 }: { timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
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
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not become healthy in time:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { port, child, output: () => output, exited }
}
