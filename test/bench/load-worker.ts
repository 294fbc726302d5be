// The HTTP load generator. It runs in a worker thread of its own, so that issuing requests and reading replies
// does not compete with the server under test for the main thread's event loop (the machine still shares its
// cores between the two, as it would with any load generator on the same host).
import http from 'node:http'
import { parentPort } from 'node:worker_threads'

export interface LoadRequest {
  url: string
  method: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  /** Requests to send in this round; the round also stops at maxMs, whichever comes first. */
  count: number
  /** Requests in flight at once, each on its own kept-alive connection. */
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

function send(agent: http.Agent, request: LoadRequest, body: Buffer | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...request.headers }
    if (body) {
      headers['content-type'] ??= 'application/json'
      headers['content-length'] = body.length
    }
    const outgoing = http.request(request.url, { agent, method: request.method, headers }, (incoming) => {
      incoming.resume()
      incoming.on('end', () => resolve(incoming.statusCode ?? 0))
      incoming.on('error', reject)
    })
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

export async function runLoad(request: LoadRequest): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: request.concurrency })
  const body = request.body === undefined ? undefined : Buffer.from(request.body)
  let issued = 0
  let completed = 0
  let failures = 0
  let firstFailure: string | undefined
  const started = performance.now()
  const deadline = started + request.maxMs
  const lane = async () => {
    while (issued < request.count && performance.now() < deadline) {
      issued++
      try {
        const status = await send(agent, request, body)
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
  await Promise.all(Array.from({ length: request.concurrency }, lane))
  const elapsedMs = performance.now() - started
  agent.destroy()
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
