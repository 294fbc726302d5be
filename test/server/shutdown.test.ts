import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createServer, connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function waitForHealth(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`)
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`)
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('server did not become healthy in time')
}

const exitCodeOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode)
    else child.once('exit', (code) => resolve(code))
  })

// The real entry point, as `npm run start:server` runs it: the only server test that listens on a port.
describe('server/main.ts', () => {
  let child: ChildProcess
  let port: number
  let output = ''

  beforeAll(async () => {
    port = await freePort()
    child = spawn(join('node_modules', '.bin', 'tsx'), ['server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        NODE_ENV: 'development',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'salon-main-')),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    await waitForHealth(port, child, 90_000)
  }, 120_000)

  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL')
  })

  it('prints where it listens and the demo accounts', () => {
    expect(output).toContain(`Salon app: http://localhost:${port}`)
    expect(output).toContain('demo@example.com / demo12345')
  })

  it('on SIGTERM finishes the request in flight, then exits with code 0', async () => {
    const body = JSON.stringify({ events: [{ type: 'tracker', name: 'shutdown.test', mode: 'ERP' }] })
    const socket: Socket = connect(port, '127.0.0.1')
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    let reply = ''
    socket.on('data', (chunk) => (reply += chunk.toString()))
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))

    // Send the headers and half of the body, so the request is running when the signal arrives.
    const half = Math.floor(body.length / 2)
    socket.write(
      `POST /api/v1/analytics/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    const exited = exitCodeOf(child)
    child.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 300))
    socket.write(body.slice(half))
    await closed

    expect(reply).toMatch(/^HTTP\/1\.1 202/)
    expect(reply).toContain('"accepted":1')
    expect(await exited).toBe(0)
  }, 30_000)
})
