import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Balancer {
  port: number
  close: () => Promise<void>
}

/**
 * A small HTTP load balancer on loopback: each request goes to the next upstream port in turn, with the client's
 * address in X-Forwarded-For, as a real one (nginx, Caddy) would send it. Enough to show that instances behind
 * one share what they must share; not meant for production.
 */
export async function startRoundRobinBalancer(upstreamPorts: number[], port = 0): Promise<Balancer> {
  let next = 0
  const server: Server = createServer((incoming, outgoing) => {
    const upstream = upstreamPorts[next++ % upstreamPorts.length]!
    const forwarded = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress]
      .filter(Boolean)
      .join(', ')
    const proxied = httpRequest(
      {
        host: '127.0.0.1',
        port: upstream,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-forwarded-for': forwarded },
      },
      (reply) => {
        outgoing.writeHead(reply.statusCode ?? 502, reply.headers)
        reply.pipe(outgoing)
      },
    )
    proxied.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502)
      outgoing.end()
    })
    incoming.pipe(proxied)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
