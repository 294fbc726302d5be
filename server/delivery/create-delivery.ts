import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config'
import type { Database } from '../db/database'
import { HttpError } from '../http/http-error'
import { createEmailTransport } from './email-transport'
import type { Delivery, OutgoingMessage } from './message'
import { storeInOutbox } from './outbox'
import { createPhoneProvider } from './phone-provider'

/**
 * Delivery as configured: e-mail over SMTP when SMTP_URL is set, SMS and calls through the provider when
 * SMS_PROVIDER_URL is set. Outside production every message also goes to the outbox and the console, so a
 * developer can always read the code; in production a channel without a transport is an error.
 */
export function createDelivery(config: Config, db: Database): Delivery & { close(): void } {
  const email = config.SMTP_URL ? createEmailTransport(config.SMTP_URL, config.MAIL_FROM) : null
  const phone = config.SMS_PROVIDER_URL
    ? createPhoneProvider(config.SMS_PROVIDER_URL, config.SMS_PROVIDER_TOKEN)
    : null
  const development = config.NODE_ENV !== 'production'

  return {
    async send(message: OutgoingMessage, log: FastifyBaseLogger): Promise<void> {
      if (development) {
        await storeInOutbox(db, message)
        log.info({ channel: message.channel, recipient: message.recipient }, `outbox: ${message.text}`)
        if (config.NODE_ENV === 'development') {
          console.log(`[outbox] ${message.channel} to ${message.recipient}: ${message.text}`)
        }
      }
      const transport = message.channel === 'email' ? email : phone
      if (!transport) {
        if (development) return
        log.error({ channel: message.channel }, 'no transport configured for this channel')
        throw new HttpError(503, /*i18n*/ 'We cannot send messages right now. Please try again later.')
      }
      try {
        await transport.send(message)
      } catch (error) {
        log.error({ err: error, channel: message.channel }, 'delivery failed')
        throw new HttpError(503, /*i18n*/ 'We cannot send messages right now. Please try again later.')
      }
    },
    close: () => email?.close(),
  }
}
