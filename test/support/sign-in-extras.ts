import type { FastifyInstance } from 'fastify'
import { json, randomIp } from './server-harness'

/** The third demo account: an administrator of Northern Barbers with a code by e-mail at every sign-in. */
export const TWOFA = { email: 'twofa@example.com', password: 'demo12345' } as const

interface OutboxMessage {
  recipient: string
  subject: string | null
  text: string
}

/** The newest message the development outbox holds for a recipient, or undefined. */
export async function latestMessageTo(
  app: FastifyInstance,
  recipient: string,
): Promise<OutboxMessage | undefined> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/dev/outbox' })
  return (json(response).data as OutboxMessage[]).find((message) => message.recipient === recipient)
}

/** The 6-digit code of the newest message to a recipient; fails the test when there is none. */
export async function latestCodeTo(app: FastifyInstance, recipient: string): Promise<string> {
  const message = await latestMessageTo(app, recipient)
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1]
  if (!code) throw new Error(`no code sent to ${recipient}`)
  return code
}

/** POST /api/v1/auth/login/1 with the given body, from an address of its own. */
export function postLogin(
  app: FastifyInstance,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/1',
    payload,
    remoteAddress: randomIp(),
    headers,
  })
}

/** POST a JSON body to an API path (v1) from an address of its own. */
export function post(
  app: FastifyInstance,
  path: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1${path}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    remoteAddress: randomIp(),
    headers,
  })
}
