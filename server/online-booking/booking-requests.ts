import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { OnlineBookingRequest, OnlineBookingRequestBody } from '../../contract/online-booking/schemas'
import type { Language } from '../../contract/ui-languages'
import { wallClockOf } from '../../contract/zoned-time'
import { maskContact } from '../auth/mask-contact'
import { slotTaken } from '../business/appointments/appointments-store'
import { dayHours } from '../business/appointments/booking-plan'
import { stretchHolding } from '../business/appointments/free-slots'
import { issueCode, type CodeKey, type CodeStatus } from '../codes/confirmation-codes'
import type { Config } from '../config'
import type { Database } from '../db/database'
import { onlineBookings } from '../db/schema'
import type { Delivery } from '../delivery/message'
import { HttpError } from '../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../http/validate'
import { maskPhone, normalisePhone } from '../phone/phone-number'
import { LOCAL_SMS_COUNTRIES } from '../references/country-ids'
import { bookingCodeText } from './booking-messages'
import { candidatesFor, onlineCompany } from './online-catalogue'
import { staffFreeSlots, withinBookingWindow } from './online-free-times'
import { reserveBookingRequest } from './request-limits'

/** What booking on the public page needs besides the database. */
export interface OnlineBookingDeps {
  db: Database
  config: Pick<Config, 'DATA_KEYS' | 'PUBLIC_ORIGIN'>
  delivery: Delivery
  log: FastifyBaseLogger
}

export const ONLINE_BOOKING_CODE_PURPOSE = 'online_booking'
export const bookingCodeKey = (requestId: string): CodeKey => ({
  purpose: ONLINE_BOOKING_CODE_PURPOSE,
  subject: requestId,
})

export const REQUEST_NOT_FOUND = /*i18n*/ 'This booking request was not found'

const invalid = (field: string, message: string) =>
  new HttpError(422, VALIDATION_FAILED_MESSAGE, { fieldErrors: { [field]: [message] } })

type RequestRow = typeof onlineBookings.$inferSelect

/** Whether some staff member of `staffIds` has `startAt` among their free start times. */
export async function anyoneFreeAt(
  db: Database,
  companyId: number,
  staffIds: readonly number[],
  serviceIds: readonly number[],
  startAt: Date,
  timeZone: string,
): Promise<boolean> {
  const date = wallClockOf(startAt, timeZone).date
  for (const staffId of staffIds) {
    const slots = await staffFreeSlots(db, companyId, staffId, serviceIds, date, timeZone)
    if (slots.some((slot) => slot.start_at === startAt.toISOString())) return true
  }
  return false
}

/** True when one of the staff members works at the instant, by their hours of that day. */
async function anyoneWorksAt(
  db: Database,
  companyId: number,
  staffIds: readonly number[],
  startAt: Date,
  timeZone: string,
): Promise<boolean> {
  const date = wallClockOf(startAt, timeZone).date
  for (const staffId of staffIds) {
    const hours = await dayHours(db, companyId, staffId, date)
    if (stretchHolding(hours, date, timeZone, startAt, 0)) return true
  }
  return false
}

/** Issues the request's code and sends it by e-mail when the client gave one, else by SMS. */
async function sendRequestCode(
  deps: OnlineBookingDeps,
  row: RequestRow,
  salon: string,
): Promise<{ status: CodeStatus; channel: 'sms' | 'email'; recipient: string }> {
  const { code, status } = await issueCode(deps.db, deps.config.DATA_KEYS, bookingCodeKey(row.id))
  const digits = row.phone.slice(1)
  const message = bookingCodeText(row.language as Language, salon, code)
  if (row.email) {
    await deps.delivery.send({ channel: 'email', recipient: row.email, ...message }, deps.log)
    return { status, channel: 'email', recipient: maskContact(row.email) }
  }
  const country = normalisePhone(digits)?.country
  const channel = country && LOCAL_SMS_COUNTRIES.has(country) ? 'sms' : 'sms_vonage'
  await deps.delivery.send({ channel, recipient: digits, text: message.text }, deps.log)
  return { status, channel: 'sms', recipient: maskPhone(digits) }
}

const requestReply = (
  row: RequestRow,
  sent: Awaited<ReturnType<typeof sendRequestCode>>,
): OnlineBookingRequest => ({
  request_id: row.id,
  channel: sent.channel,
  recipient: sent.recipient,
  ...sent.status,
})

/**
 * POST /b2c/{companyId}/requests: checks that the time is still free for the staff member (or for anyone who
 * provides the services), keeps the request and sends its code. Nothing is booked and nothing is held yet: the
 * right code books the time if it is still free then (docs/decisions.md, "Online booking").
 */
export async function createBookingRequest(
  deps: OnlineBookingDeps,
  companyId: number,
  body: OnlineBookingRequestBody,
  context: { ip: string; language: Language },
): Promise<OnlineBookingRequest> {
  const { db } = deps
  const company = await onlineCompany(db, companyId)
  const phone = normalisePhone(body.phone)
  if (!phone) throw invalid('phone', /*i18n*/ 'must be a valid phone number')
  const startAt = new Date(body.start_at)
  if (!withinBookingWindow(startAt, company.timezone)) {
    throw invalid('start_at', /*i18n*/ 'is not a time that can be booked online')
  }
  const serviceIds = [...new Set(body.service_ids)]
  const candidates = await candidatesFor(db, companyId, serviceIds, body.staff_id)
  if (!(await anyoneFreeAt(db, companyId, candidates, serviceIds, startAt, company.timezone))) {
    // A time nobody works at was never offered; one within working hours was taken meanwhile.
    if (!(await anyoneWorksAt(db, companyId, candidates, startAt, company.timezone))) {
      throw invalid('start_at', /*i18n*/ 'is not a time that can be booked online')
    }
    throw slotTaken('staff')
  }
  await reserveBookingRequest(db, context.ip, phone.digits)
  const [row] = await db
    .insert(onlineBookings)
    .values({
      id: randomUUID(),
      companyId,
      staffId: body.staff_id,
      serviceIds,
      startAt,
      clientName: body.name,
      phone: `+${phone.digits}`,
      email: body.email ?? null,
      language: body.language ?? context.language,
    })
    .returning()
  return requestReply(row!, await sendRequestCode(deps, row!, company.title))
}

/** The request of a company that no code has confirmed yet; 404 otherwise. */
export async function pendingRequest(
  db: Database,
  companyId: number,
  requestId: string,
): Promise<RequestRow> {
  const [row] = await db
    .select()
    .from(onlineBookings)
    .where(and(eq(onlineBookings.id, requestId), eq(onlineBookings.companyId, companyId)))
  if (!row || row.appointmentId !== null) throw new HttpError(404, REQUEST_NOT_FOUND)
  return row
}

/** POST /b2c/{companyId}/requests/{requestId}/resend: a new code (1001 while the resend wait lasts). */
export async function resendBookingCode(
  deps: OnlineBookingDeps,
  companyId: number,
  requestId: string,
): Promise<OnlineBookingRequest> {
  const company = await onlineCompany(deps.db, companyId)
  const row = await pendingRequest(deps.db, companyId, requestId)
  return requestReply(row, await sendRequestCode(deps, row, company.title))
}
