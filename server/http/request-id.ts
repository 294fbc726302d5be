import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/** The header a client (or a load balancer) may send to name its request, echoed on every reply. */
export const REQUEST_ID_HEADER = 'x-request-id'

/** Letters, digits and a few separators, at most 64: enough for a UUID or a balancer's id, nothing to inject. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,64}$/

/** The id of a request for its log lines: the client's when it is sane, a new UUID otherwise. */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER]
  return typeof sent === 'string' && SANE_ID.test(sent) ? sent : randomUUID()
}
