import type { FastifyBaseLogger } from 'fastify'

/** How a message reaches a person (SPEC.md section 3, confirmation channels). */
export type DeliveryChannel = 'sms' | 'call' | 'email' | 'sms_vonage'

export interface OutgoingMessage {
  channel: DeliveryChannel
  /** An e-mail address, or a phone number as digits (E.164 without '+'). */
  recipient: string
  /** E-mail subject; ignored by phone channels. */
  subject?: string
  text: string
}

/** Sends a message; rejects when the transport could not take it. */
export interface Delivery {
  /**
   * `log` is the logger of the request the message belongs to (`request.log`), so that what the send logs
   * (the outbox line, a failed transport) carries the request's id like every other line of that request.
   */
  send(message: OutgoingMessage, log: FastifyBaseLogger): Promise<void>
}
