import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createServer, connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request as httpRequest } from 'node:http'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PGLITE_EXTENSIONS } from '../../server/db/create-db'

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
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-main-'))

  beforeAll(async () => {
    port = await freePort()
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        // Long enough for the balancer's readiness poll (every 100 ms) to see the 503 before accepting stops.
        SHUTDOWN_DRAIN_DELAY_MS: '1000',
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

  it('on SIGTERM answers every request already sent, refuses no client a load balancer still sends, loses no write, exits 0', async () => {
    const exited = exitCodeOf(child)

    // Clients whose request is finished only after the server has stopped accepting (the drain delay is one
    // second): twenty with half a request sent before the signal, twenty connected with nothing sent yet, twenty
    // that kept their connection alive after a first request; and one that connects and never sends anything.
    const modes = ['half', 'none', 'kept-alive'] as const
    const inFlight = modes.flatMap((mode) =>
      Array.from({ length: 20 }, (_, index) => eventOnConnection(port, `${mode}-${index}`, mode)),
    )
    const silent = connect(port, '127.0.0.1')
    silent.on('error', () => undefined)
    await Promise.all(inFlight.map((request) => request.connected))

    // Twenty clients behind a "load balancer" that polls readiness and stops routing here once it says 503.
    const balancer = { routing: true, acknowledged: 0 }
    const poll = pollReadiness(port, balancer)
    const load = Array.from({ length: 20 }, (_, client) => clientLoop(port, client, balancer))
    // Mid-load: the signal comes once the clients have had forty writes acknowledged.
    while (balancer.acknowledged < 40) await new Promise((resolve) => setTimeout(resolve, 20))

    child.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 1_200))
    for (const request of inFlight) request.finish()
    const inFlightReplies = await Promise.all(inFlight.map((request) => request.reply))
    const loadResults = (await Promise.all(load)).flat()
    await poll

    expect(inFlightReplies.map((reply) => reply.match(/HTTP\/1\.1 \d{3} [^\r\n]*/g)?.join(', '))).toEqual(
      inFlight.map(({ repliesExpected }) =>
        Array.from({ length: repliesExpected }, () => 'HTTP/1.1 202 Accepted').join(', '),
      ),
    )
    const failures = loadResults.filter((result) => result.error !== undefined)
    expect(failures).toEqual([])
    const acknowledged = loadResults.filter((result) => result.status === 202).map((result) => result.name)
    expect(acknowledged.length).toBeGreaterThanOrEqual(40)
    expect(await exited).toBe(0)

    const stored = await storedEventNames(dataDir)
    for (const name of [...acknowledged, ...inFlight.flatMap((request) => request.names)]) {
      expect(stored).toContain(name)
    }
  }, 60_000)
})

const eventBody = (name: string) => JSON.stringify({ events: [{ type: 'tracker', name, mode: 'ERP' }] })

const eventRequest = (name: string, connection: 'close' | 'keep-alive') => {
  const body = eventBody(name)
  return (
    `POST /api/v1/analytics/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: ${connection}\r\n\r\n${body}`
  )
}

/**
 * An event posted on a connection opened now; what is written at once depends on `mode` (the headers and half
 * of the body; nothing; a whole first event on a kept-alive connection), and the rest when finish() is called.
 */
function eventOnConnection(port: number, name: string, mode: 'half' | 'none' | 'kept-alive') {
  const request = eventRequest(name, 'close')
  const first = mode === 'kept-alive' ? eventRequest(`${name}-first`, 'keep-alive') : ''
  const split = mode === 'half' ? request.length - Math.floor(eventBody(name).length / 2) : 0
  const socket: Socket = connect(port, '127.0.0.1')
  let text = ''
  socket.on('data', (chunk) => (text += chunk.toString()))
  const connected = new Promise<void>((resolve) => {
    socket.once('connect', () => {
      socket.write(first + request.slice(0, split))
      resolve()
    })
  })
  const reply = new Promise<string>((resolve) => {
    socket.once('close', () => resolve(text))
    socket.once('error', (error) => resolve(`error ${error.message}`))
  })
  return {
    names: mode === 'kept-alive' ? [`${name}-first`, name] : [name],
    repliesExpected: mode === 'kept-alive' ? 2 : 1,
    connected,
    reply,
    finish: () => socket.write(request.slice(split)),
  }
}

interface LoadResult {
  name: string
  status?: number
  error?: string
}

interface Balancer {
  routing: boolean
  acknowledged: number
}

/** One client sending events one after another, each on a new connection, while the balancer routes here. */
async function clientLoop(port: number, client: number, balancer: Balancer): Promise<LoadResult[]> {
  const results: LoadResult[] = []
  for (let sent = 0; balancer.routing; sent++) {
    const name = `load-${client}-${sent}`
    const result = await postOnFreshConnection(port, '/api/v1/analytics/events', eventBody(name), name)
    if (result.status === 202) balancer.acknowledged += 1
    results.push(result)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return results
}

function postOnFreshConnection(port: number, path: string, body: string, name: string): Promise<LoadResult> {
  return new Promise((resolve) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume()
        response.once('end', () => resolve({ name, status: response.statusCode }))
        response.once('error', (error) => resolve({ name, error: error.message }))
      },
    )
    request.once('error', (error) => resolve({ name, error: error.message }))
    request.end(body)
  })
}

/** What a load balancer does: polls readiness every 100 ms and stops routing at the first refusal. */
async function pollReadiness(port: number, balancer: Balancer): Promise<void> {
  while (balancer.routing) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/health/ready`)
      if (response.status !== 200) balancer.routing = false
    } catch {
      balancer.routing = false
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The names of the analytics events in the stopped server's embedded database. */
async function storedEventNames(dataDir: string): Promise<string[]> {
  const database = new PGlite(join(dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS })
  try {
    const result = await database.query<{ name: string }>('select name from analytics_events')
    return result.rows.map((row) => row.name)
  } finally {
    await database.close()
  }
}
