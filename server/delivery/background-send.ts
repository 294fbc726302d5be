import type { FastifyBaseLogger } from 'fastify'
import type { Delivery, OutgoingMessage } from './message'

/** The sends still running per delivery, so that shutdown and tests can wait for them. */
const running = new WeakMap<Delivery, Set<Promise<void>>>()

/**
 * Sends a message without making the caller wait: the reply goes out first, the message after. Used where the
 * time or the outcome of a send must not show in the reply (a reset code goes only to registered contacts, so
 * waiting for it, or answering 503 when it fails, would tell who is registered). A failure is logged, never
 * thrown.
 */
export function sendInBackground(delivery: Delivery, message: OutgoingMessage, log: FastifyBaseLogger): void {
  const sends = running.get(delivery) ?? new Set<Promise<void>>()
  running.set(delivery, sends)
  // setImmediate, not a microtask: the send starts once the reply has been written, so that not even its first
  // steps (an outbox row outside production) delay the reply.
  const send: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => delivery.send(message, log))
    .catch((error: unknown) => {
      log.error(
        { err: error, channel: message.channel },
        'a message sent in the background was not delivered',
      )
    })
    .finally(() => sends.delete(send))
  sends.add(send)
}

/** Resolves once every background send of this delivery started so far has ended (delivered or failed). */
export async function backgroundSendsSettled(delivery: Delivery): Promise<void> {
  const sends = running.get(delivery)
  while (sends && sends.size > 0) await Promise.allSettled([...sends])
}
