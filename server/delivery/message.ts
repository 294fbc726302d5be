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
  send(message: OutgoingMessage): Promise<void>
}
