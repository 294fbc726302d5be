import type { FastifyInstance } from 'fastify'
import { SHUTDOWN_TIMEOUT_MS } from './constants'

export interface ShutdownOptions {
  /** How long readiness answers 503, still serving, before the server stops accepting. */
  drainDelayMs: number
  exit?: (code: number) => void
}

/**
 * On SIGTERM or SIGINT: turn unready (GET /health/ready answers 503) and keep serving for `drainDelayMs`, so a
 * load balancer stops sending; then stop accepting, answer every request already received and end each
 * connection after its reply (server/http/connection-drain.ts), close the database and exit 0. If all that
 * takes longer than SHUTDOWN_TIMEOUT_MS after the delay, exit 1 rather than hang a deploy.
 */
export function installGracefulShutdown(
  app: FastifyInstance,
  closeDb: () => Promise<void>,
  { drainDelayMs, exit = (code) => process.exit(code) }: ShutdownOptions,
): void {
  const shutDown = async (signal: NodeJS.Signals) => {
    if (app.lifecycle.draining) return
    app.lifecycle.draining = true
    app.log.info({ signal, drainDelayMs }, 'shutting down')
    if (drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, drainDelayMs))
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out')
      exit(1)
    }, SHUTDOWN_TIMEOUT_MS)
    timer.unref()
    try {
      await app.close()
      await closeDb()
      exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed')
      exit(1)
    }
  }
  process.on('SIGTERM', (signal) => void shutDown(signal))
  process.on('SIGINT', (signal) => void shutDown(signal))
}
