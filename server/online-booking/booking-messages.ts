import type { Language } from '../../contract/ui-languages'
import { translate } from '../i18n/server-messages'

/** The reminder goes this long before the appointment (a day, as salons usually remind). */
export const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000

/** When the reminder of an appointment is due, or null when that moment has already passed at booking. */
export function reminderDueAt(startAt: Date, now = new Date()): Date | null {
  const due = new Date(startAt.getTime() - REMINDER_BEFORE_MS)
  return due.getTime() > now.getTime() ? due : null
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
