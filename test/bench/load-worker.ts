// The HTTP load generator. It runs in a worker thread of its own, so that issuing requests and reading replies
// does not compete with the server under test for the main thread's event loop (the machine still shares its
// cores between the two, as it would with any load generator on the same host).
import net from 'node:net'
import { parentPort } from 'node:worker_threads'

export interface LoadRequest {
  url: string
  method: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  /** Requests to send in this round; the round also stops at maxMs, whichever comes first. */
  count: number
  /** Requests in flight at once, each on its own kept-alive connection (opened before the clock starts). */
  concurrency: number
  maxMs: number
  /** The status a successful reply has; any other status, or a network error, counts as a failure. */
  expectStatus: number
}

export interface LoadResult {
  completed: number
  failures: number
  firstFailure?: string
  elapsedMs: number
}

export type WorkerMessage = { type: 'ready' } | { type: 'result'; id: number; result: LoadResult }

/**
 * One kept-alive HTTP/1.1 connection that sends prepared request bytes and reads just enough of each reply to
 * know its status and where it ends (Content-Length). Far cheaper per request than node:http's client, so the
 * load generator takes less of the CPU the server under test needs.
 */
class Connection {
  private buffered: Buffer = Buffer.alloc(0)
  private waiting: { resolve: (status: number) => void; reject: (error: Error) => void } | undefined
  private broken: Error | undefined

  private constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true)
    socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk])
      this.parse()
    })
    socket.on('error', (error) => this.fail(error))
    socket.on('close', () => this.fail(new Error('the server closed the connection')))
  }

  static open(url: URL): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(url.port || 80), url.hostname)
      socket.once('connect', () => resolve(new Connection(socket)))
      socket.once('error', reject)
    })
  }

  get usable(): boolean {
    return this.broken === undefined
  }

  send(bytes: Buffer): Promise<number> {
    if (this.broken) return Promise.reject(this.broken)
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject }
      this.socket.write(bytes)
    })
  }

  close(): void {
    this.broken ??= new Error('closed')
    this.socket.destroy()
  }

  private fail(error: Error): void {
    this.broken ??= error
    const waiting = this.waiting
    this.waiting = undefined
    waiting?.reject(error)
  }

  private parse(): void {
    if (!this.waiting) return
    const headEnd = this.buffered.indexOf('\r\n\r\n')
    if (headEnd < 0) return
    const head = this.buffered.toString('latin1', 0, headEnd)
    const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head)?.[1]
    if (length === undefined) {
      this.fail(new Error(`a reply without Content-Length: ${head.split('\r\n')[0]}`))
      this.socket.destroy()
      return
    }
    const total = headEnd + 4 + Number(length)
    if (this.buffered.length < total) return
    this.buffered = this.buffered.subarray(total)
    const waiting = this.waiting
    this.waiting = undefined
    waiting.resolve(Number(head.slice(9, 12)))
  }
}

function requestBytes(request: LoadRequest, url: URL): Buffer {
  const body = request.body === undefined ? undefined : Buffer.from(request.body)
  const headers: Record<string, string> = { host: url.host, ...request.headers }
  if (body) {
    headers['content-type'] ??= 'application/json'
    headers['content-length'] = String(body.length)
  }
  const head =
    `${request.method} ${url.pathname}${url.search} HTTP/1.1\r\n` +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    '\r\n'
  return body ? Buffer.concat([Buffer.from(head, 'latin1'), body]) : Buffer.from(head, 'latin1')
}

export async function runLoad(request: LoadRequest): Promise<LoadResult> {
  const url = new URL(request.url)
  if (url.protocol !== 'http:') throw new Error(`only http:// is supported: ${request.url}`)
  const bytes = requestBytes(request, url)
  const connections = await Promise.all(
    Array.from({ length: request.concurrency }, () => Connection.open(url)),
  )
  let issued = 0
  let completed = 0
  let failures = 0
  let firstFailure: string | undefined
  const started = performance.now()
  const deadline = started + request.maxMs
  const lane = async (index: number) => {
    while (issued < request.count && performance.now() < deadline) {
      issued++
      try {
        if (!connections[index]!.usable) connections[index] = await Connection.open(url)
        const status = await connections[index]!.send(bytes)
        if (status === request.expectStatus) completed++
        else {
          failures++
          firstFailure ??= `HTTP ${status}`
        }
      } catch (error) {
        failures++
        firstFailure ??= error instanceof Error ? error.message : String(error)
      }
    }
  }
  await Promise.all(connections.map((_, index) => lane(index)))
  const elapsedMs = performance.now() - started
  for (const connection of connections) connection.close()
  return { completed, failures, firstFailure, elapsedMs }
}

const port = parentPort
if (port) {
  port.on('message', (message: { id: number; request: LoadRequest }) => {
    void runLoad(message.request).then((result) =>
      port.postMessage({ type: 'result', id: message.id, result } satisfies WorkerMessage),
    )
  })
  port.postMessage({ type: 'ready' } satisfies WorkerMessage)
}
