import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/** How long a connection with no request running is given, once draining begins, to deliver one. */
export const IDLE_CONNECTION_GRACE_MS = 1_000

interface ConnectionState {
  running: number
  graceTimer?: NodeJS.Timeout
}

export interface ConnectionDrain {
  /**
   * From now on every reply closes its connection; a connection with a request running ends after its reply,
   * and one with none gets IDLE_CONNECTION_GRACE_MS to send the request that may already be on its way (a
   * client that connected just before the listening socket closed, or a kept-alive client reusing its
   * connection) before it is ended. `server.close()` begins it.
   */
  begin: () => void
  /** Connections still open, for the shutdown log. */
  openConnections: () => number
}

/**
 * Node's own close ends every kept-alive connection that is not running a request at that instant, so a client
 * reusing one at that moment sees it reset; and a connection that never sends anything keeps the server open
 * until its time-out. Tracking the connections ourselves lets such a request be answered, and ends the rest soon.
 */
export function trackConnections(server: Server, graceMs = IDLE_CONNECTION_GRACE_MS): ConnectionDrain {
  const connections = new Map<Socket, ConnectionState>()
  let draining = false

  const endWhenIdle = (socket: Socket, state: ConnectionState) => {
    if (state.running > 0 || state.graceTimer) return
    state.graceTimer = setTimeout(() => {
      if (state.running === 0) socket.end()
    }, graceMs)
    state.graceTimer.unref()
  }

  server.on('connection', (socket: Socket) => {
    const state: ConnectionState = { running: 0 }
    connections.set(socket, state)
    socket.once('close', () => {
      clearTimeout(state.graceTimer)
      connections.delete(socket)
    })
    if (draining) endWhenIdle(socket, state)
  })

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket
    const state = connections.get(socket)
    if (!state) return
    state.running += 1
    if (draining) response.shouldKeepAlive = false
    response.once('close', () => {
      state.running -= 1
      // A reply that went out as "keep-alive" (its request began before draining) may already have the client's
      // next request behind it: that one gets the grace too. A "close" reply ends its connection by itself.
      if (draining && !socket.destroyed) endWhenIdle(socket, state)
    })
  })

  const begin = () => {
    draining = true
    for (const [socket, state] of connections) endWhenIdle(socket, state)
  }
  // server.close() calls closeIdleConnections() as it stops listening (Node 19+); draining takes its place.
  server.closeIdleConnections = begin
  return { begin, openConnections: () => connections.size }
}
