import { Worker } from 'node:worker_threads'
import type { LoadRequest, LoadResult, WorkerMessage } from './load-worker'

export type { LoadRequest, LoadResult } from './load-worker'

/** One measured round: how many operations succeeded, in how long. */
export interface Round {
  completed: number
  failures: number
  firstFailure?: string
  elapsedMs: number
}

export const perSecond = (round: Round) => (round.completed * 1000) / round.elapsedMs

/**
 * The HTTP load generator in its own worker thread. The worker is TypeScript, so it registers tsx itself before
 * loading the module (a worker does not inherit the loader the main thread was started with).
 */
export class LoadGenerator {
  private nextId = 1
  private readonly pending = new Map<
    number,
    { resolve: (result: LoadResult) => void; reject: (error: unknown) => void }
  >()

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: WorkerMessage) => {
      if (message.type !== 'result') return
      this.pending.get(message.id)?.resolve(message.result)
      this.pending.delete(message.id)
    })
    // A worker that dies fails every round still waiting for it, rather than leaving the run hanging.
    const failAll = (error: unknown) => {
      for (const { reject } of this.pending.values()) reject(error)
      this.pending.clear()
    }
    worker.on('error', failAll)
    worker.on('exit', (code) => failAll(new Error(`the load generator exited (code ${code})`)))
  }

  static async start(): Promise<LoadGenerator> {
    const href = new URL('./load-worker.ts', import.meta.url).href
    const worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(href)}) })`,
      { eval: true },
    )
    await new Promise<void>((resolve, reject) => {
      worker.once('error', reject)
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') resolve()
      })
    })
    return new LoadGenerator(worker)
  }

  run(request: LoadRequest): Promise<Round> {
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      this.worker.postMessage({ id, request })
    })
  }

  async close(): Promise<void> {
    await this.worker.terminate()
  }
}

/** Runs an in-process async operation `count` times with `concurrency` in flight, bounded by maxMs. */
export async function runOps(
  operation: () => Promise<unknown>,
  options: { count: number; concurrency: number; maxMs: number },
): Promise<Round> {
  let issued = 0
  let completed = 0
  let failures = 0
  let firstFailure: string | undefined
  const started = performance.now()
  const deadline = started + options.maxMs
  const lane = async () => {
    while (issued < options.count && performance.now() < deadline) {
      issued++
      try {
        await operation()
        completed++
      } catch (error) {
        failures++
        firstFailure ??= error instanceof Error ? error.message : String(error)
      }
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, lane))
  return { completed, failures, firstFailure, elapsedMs: performance.now() - started }
}
