import type { FastifyInstance } from 'fastify'
import { SHUTDOWN_TIMEOUT_MS } from './constants'

/**
 * On SIGTERM or SIGINT: stop accepting connections, let requests in flight finish (new requests on kept-alive
 * connections get 503 from the hook in app.ts), close the database, exit 0. If draining takes longer than
 * SHUTDOWN_TIMEOUT_MS, exit 1 rather than hang a deploy.
 */
export function installGracefulShutdown(
  app: FastifyInstance,
  closeDb: () => Promise<void>,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  let shuttingDown = false
  const shutDown = async (signal: NodeJS.Signals) => {
    if (shuttingDown) return
    shuttingDown = true
    app.log.info({ signal }, 'shutting down')
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
  process.once('SIGTERM', (signal) => void shutDown(signal))
  process.once('SIGINT', (signal) => void shutDown(signal))
}
