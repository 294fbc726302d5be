import type { Language } from '../../contract/ui-languages'
import type { OutgoingMessage } from '../delivery/message'
import { translate } from '../i18n/server-messages'

const HOUR_MS = 60 * 60 * 1000

/** The reminder goes this long before the appointment (a day, as salons usually remind). */
export const REMINDER_BEFORE_MS = 24 * HOUR_MS
/** Booked less than a day ahead: the reminder goes this long before instead. */
export const LATE_REMINDER_BEFORE_MS = 2 * HOUR_MS
/** A reminder comes at least this long after the confirmation; closer than that, the confirmation is enough. */
export const REMINDER_AFTER_BOOKING_MS = HOUR_MS

/**
 * When the reminder of an appointment is due (docs/decisions.md, "Reminders of online bookings"): a day before;
 * booked less than a day ahead, two hours before; null when even that would come within an hour of booking.
 */
export function reminderDueAt(startAt: Date, now = new Date()): Date | null {
  for (const before of [REMINDER_BEFORE_MS, LATE_REMINDER_BEFORE_MS]) {
    const due = new Date(startAt.getTime() - before)
    if (due.getTime() - now.getTime() >= REMINDER_AFTER_BOOKING_MS) return due
  }
  return null
}

/** The date and time of an appointment as its client reads it: their language, the salon's clock. */
export function appointmentMoment(startAt: Date, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(language === 'en-XA' ? 'en' : language, {
    timeZone,
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(startAt)
}

/** The code message: the salon's name says which booking it confirms. */
export const bookingCodeText = (language: Language, salon: string, code: string) => ({
  subject: translate(language, /*i18n*/ 'Your booking code'),
  text: translate(
    language,
    /*i18n*/ 'Your code to book at {salon}: {code}. It is valid for 10 minutes. Do not tell it to anyone.',
    { salon, code },
  ),
})

/** The confirmation after booking, with the cancellation link. */
export const bookingConfirmedText = (
  language: Language,
  values: { salon: string; moment: string; services: string; link: string },
) => ({
  subject: translate(language, /*i18n*/ 'You are booked at {salon}', { salon: values.salon }),
  text: translate(
    language,
    /*i18n*/ 'You are booked at {salon} on {moment}: {services}. To cancel, open {link}',
    values,
  ),
})

/** The reminder before the appointment, with the cancellation link. */
export const bookingReminderText = (
  language: Language,
  values: { salon: string; moment: string; services: string; link: string },
) => ({
  subject: translate(language, /*i18n*/ 'Reminder: your booking at {salon}', { salon: values.salon }),
  text: translate(
    language,
    /*i18n*/ 'Reminder: you are booked at {salon} on {moment}: {services}. If you cannot come, cancel at {link}',
    values,
  ),
})

/** The page where the client sees and cancels their booking, in the language they booked in. */
export const cancellationLink = (origin: string, language: Language, companyId: number, token: string) =>
  `${origin}/${language}/b2c/${companyId}/cancel/${token}`

/** A message to the client of a booking: by e-mail when they gave an address, else by SMS to their phone. */
export const messageToClient = (
  row: { email: string | null; phone: string },
  message: { subject: string; text: string },
): OutgoingMessage =>
  row.email
    ? { channel: 'email', recipient: row.email, ...message }
    : { channel: 'sms', recipient: row.phone.slice(1), text: message.text }
