import nodemailer from 'nodemailer'
import type { OutgoingMessage } from './message'

/** Sends e-mail over SMTP (SMTP_URL). */
export function createEmailTransport(smtpUrl: string, from: string) {
  const transporter = nodemailer.createTransport(smtpUrl)
  return {
    async send(message: OutgoingMessage): Promise<void> {
      await transporter.sendMail({
        from,
        to: message.recipient,
        subject: message.subject ?? 'Salon',
        text: message.text,
      })
    },
    close: () => transporter.close(),
  }
}
