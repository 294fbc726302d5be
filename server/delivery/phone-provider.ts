import type { OutgoingMessage } from './message'

/** How long the provider may take before the send counts as failed. */
const PROVIDER_TIMEOUT_MS = 10_000

/**
 * The adapter for an SMS and voice-call provider: one JSON POST per message, `{ channel, to, text }`, with the
 * token as a bearer. Real providers (and their regional variants, such as sms_vonage) sit behind a small relay
 * that speaks this shape, so the server holds no provider SDK.
 */
export function createPhoneProvider(url: string, token: string | undefined) {
  return {
    async send(message: OutgoingMessage): Promise<void> {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ channel: message.channel, to: `+${message.recipient}`, text: message.text }),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      })
      if (!response.ok) throw new Error(`the phone provider answered ${response.status}`)
    },
  }
}
