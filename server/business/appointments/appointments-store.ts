import { and, asc, eq, gte, inArray, isNull, lt } from 'drizzle-orm'
import type {
  Appointment,
  AppointmentCreate,
  AppointmentList,
  AppointmentMove,
  AppointmentPaymentInput,
  AppointmentRefundInput,
} from '../../../contract/appointments/schemas'
import { statusChangeRight, type AppointmentStatus } from '../../../contract/appointments/statuses'
import { ErrorCode } from '../../../contract/error-codes'
import { nextDate, wallClockOf, zonedInstant } from '../../../contract/zoned-time'
import { canChangeStatus, statusAfterFullRefund } from '../../../machines/appointment-status'
import type { Membership } from '../../access/company-access'
import type { Database } from '../../db/database'
import { appointments, appointmentServices, clients, resourceBookings, services } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../../http/validate'
import { normalisePhone } from '../../phone/phone-number'
import { isUniqueViolation } from '../positions/unique-violation'
import { requireFlag } from '../rights/member-access'
import type { RecordChange } from '../change-log/request-audit'
import {
  checkRecordFieldValues,
  mayReadRecordFields,
  recordFieldValuesOf,
  writeRecordFieldValues,
} from './appointment-field-values'
import { APPOINTMENT_NOT_FOUND, reachableStaffIdCondition, requireWithinWindow } from './appointment-access'
import { paymentsOf, takePayment } from './appointment-payments'
import { refundPayment } from './appointment-refunds'
import { servicePrices, visitPrice } from './appointment-prices'
import { companyTimeZone, dayHours, planBooking, requireWorkingStaff, type BookingPlan } from './booking-plan'
import { dayBounds, freeInstancesFor, freeSlotsOfDay, loadDayLoad, stretchHolding } from './free-slots'
import { EMPLOYEE_NOT_FOUND, mayReachStaff } from '../staff/staff-scope'
import { parseCompanyDateTime } from '../resources/zoned-time'

type AppointmentRow = typeof appointments.$inferSelect

/** Who asks: the member (rights, limits) and their user id (created_by). */
export interface Actor {
  membership: Membership
  userId: number
}

/** A status move the book does not allow, both statuses named as the salon says them. */
const STATUS_CHANGE_REFUSED =
  /*i18n*/ 'An appointment that is {from, select, booked {“booked”} confirmed {“confirmed”} arrived {“arrived”} no_show {“no-show”} cancelled {“cancelled”} paid {“paid”} other {“{from}”}} cannot become {status, select, booked {“booked”} confirmed {“confirmed”} arrived {“arrived”} no_show {“no-show”} cancelled {“cancelled”} paid {“paid”} other {“{status}”}}'

export const slotTaken = (conflict: 'staff' | 'resource') =>
  new HttpError(
    409,
    conflict === 'staff'
      ? /*i18n*/ 'The staff member already has an appointment at this time'
      : /*i18n*/ 'No instance of a resource the services need is free at this time',
    { code: ErrorCode.appointmentSlotTaken, details: { conflict } },
  )

/** True when a write failed on an exclusion constraint (SQLSTATE 23P01): the time was taken meanwhile. */
function exclusionViolation(error: unknown): 'staff' | 'resource' | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown }
    // Two bookings that wait on each other's exclusion check may deadlock on PostgreSQL: one is rolled back, and
    // for its caller that is the same news, the time was taken.
    if (code === '40P01') return 'staff'
    if (code === '23P01') {
      return typeof constraint === 'string' && constraint.startsWith('resource_bookings')
        ? 'resource'
        : 'staff'
    }
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** Runs a write; a double booking the constraints caught becomes 409 with code 4001, never a 500. */
export async function refusingDoubleBooking<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    const conflict = exclusionViolation(error)
    if (conflict) throw slotTaken(conflict)
    throw error
  }
}

const invalid = (field: string, message: string) =>
  new HttpError(422, VALIDATION_FAILED_MESSAGE, { fieldErrors: { [field]: [message] } })

/** The items by key, each group in the items' order. */
export function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>()
  for (const item of items) {
    const key = keyOf(item)
    const group = groups.get(key)
    if (group) group.push(item)
    else groups.set(key, [item])
  }
  return groups
}

/**
 * Reads rows as the API answers them, with services, client, resource instances, the price and the payment and,
 * for a member who may read them, the record-kind custom field values.
 */
async function present(db: Database, rows: AppointmentRow[], membership: Membership): Promise<Appointment[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const fieldValues = mayReadRecordFields(membership.rights) ? await recordFieldValuesOf(db, ids) : new Map()
  const parts = await db
    .select({
      appointmentId: appointmentServices.appointmentId,
      serviceId: appointmentServices.serviceId,
      compositeId: appointmentServices.compositeId,
      title: services.title,
      startAt: appointmentServices.startAt,
      endAt: appointmentServices.endAt,
    })
    .from(appointmentServices)
    .innerJoin(services, eq(services.id, appointmentServices.serviceId))
    .where(inArray(appointmentServices.appointmentId, ids))
    .orderBy(asc(appointmentServices.appointmentId), asc(appointmentServices.position))
  const clientIds = rows.flatMap((row) => (row.clientId === null ? [] : [row.clientId]))
  const clientRows =
    clientIds.length === 0
      ? []
      : await db
          .select({ id: clients.id, name: clients.name, surname: clients.surname, phone: clients.phone })
          .from(clients)
          .where(inArray(clients.id, clientIds))
  const bookings = await db
    .select({ recordId: resourceBookings.recordId, instanceId: resourceBookings.instanceId })
    .from(resourceBookings)
    .where(and(eq(resourceBookings.companyId, rows[0]!.companyId), inArray(resourceBookings.recordId, ids)))
  const prices = await servicePrices(
    db,
    parts.flatMap((part) => (part.compositeId === null ? [part.serviceId] : [part.compositeId])),
  )
  const payments = await paymentsOf(db, rows[0]!.companyId, ids)
  // By appointment (and client) once, so a week of thousands of appointments is not searched row by row.
  const clientById = new Map(clientRows.map((client) => [client.id, client]))
  const partsOf = groupBy(parts, (part) => part.appointmentId)
  const instancesOf = groupBy(bookings, (booking) => booking.recordId)
  return rows.map((row) => {
    const client = row.clientId === null ? undefined : clientById.get(row.clientId)
    return {
      id: row.id,
      staff_id: row.staffId,
      client: client
        ? {
            id: client.id,
            name: [client.name, client.surname].filter(Boolean).join(' '),
            phone: client.phone,
          }
        : null,
      start_at: row.startAt.toISOString(),
      end_at: row.endAt.toISOString(),
      busy_until: row.busyUntil.toISOString(),
      status: row.status as AppointmentStatus,
      comment: row.comment,
      custom_fields: fieldValues.get(row.id) ?? {},
      services: (partsOf.get(row.id) ?? []).map((part) => ({
        service_id: part.serviceId,
        title: part.title,
        composite_id: part.compositeId,
        start_at: part.startAt.toISOString(),
        end_at: part.endAt.toISOString(),
      })),
      resource_instance_ids: (instancesOf.get(row.id) ?? [])
        .map((booking) => booking.instanceId)
        .sort((a, b) => a - b),
      price: visitPrice(partsOf.get(row.id) ?? [], prices),
      payment: payments.get(row.id) ?? null,
      created_by: row.createdBy,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }
  })
}

/**
 * GET /company/{id}/appointments: the appointments starting on `days` days from `date` (the company's days),
 * cancelled ones included (the book shows them struck through), ordered by start. A member limited to one staff
 * member or one appointment group gets theirs alone.
 */
export async function listAppointments(
  db: Database,
  membership: Membership,
  query: { date: string; days: number; staff_id?: number | undefined },
): Promise<AppointmentList> {
  const timeZone = await companyTimeZone(db, membership.companyId)
  const from = zonedInstant(query.date, 0, timeZone) ?? new Date(`${query.date}T00:00:00Z`)
  const last = nextDate(query.date, query.days)
  const to = zonedInstant(last, 0, timeZone) ?? new Date(`${last}T00:00:00Z`)
  const restricted = membership.rights.restricted_master_id
  if (restricted !== null && query.staff_id !== undefined && query.staff_id !== restricted) {
    return { timezone: timeZone, appointments: [] }
  }
  const staffId = restricted ?? query.staff_id
  const rows = await db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.companyId, membership.companyId),
        gte(appointments.startAt, from),
        lt(appointments.startAt, to),
        staffId === undefined ? undefined : eq(appointments.staffId, staffId),
        reachableStaffIdCondition(db, membership.rights, appointments.staffId),
      ),
    )
    .orderBy(asc(appointments.startAt), asc(appointments.id))
  return { timezone: timeZone, appointments: await present(db, rows, membership) }
}

/** GET /company/{id}/appointments/free-slots */
export async function findFreeSlots(
  db: Database,
  membership: Membership,
  query: { staff_id: number; service_ids: number[]; date: string; appointment_id?: number | undefined },
) {
  const { companyId } = membership
  if (!(await mayReachStaff(db, membership.rights, query.staff_id)))
    throw new HttpError(404, EMPLOYEE_NOT_FOUND)
  await requireWorkingStaff(db, companyId, query.staff_id)
  const timeZone = await companyTimeZone(db, companyId)
  const plan = await planBooking(db, companyId, query.staff_id, query.service_ids)
  const hours = await dayHours(db, companyId, query.staff_id, query.date)
  const bounds = dayBounds(query.date, timeZone)
  const load = await loadDayLoad(
    db,
    companyId,
    query.staff_id,
    plan,
    bounds.from,
    bounds.to,
    query.appointment_id,
  )
  return freeSlotsOfDay(query.date, timeZone, hours, plan, load)
}

/**
 * The client of a new appointment: the company's own client by id (422 for another's), or the live client with
 * the phone given (normalised to E.164) or a new one. Two bookings with one new phone at once make one client:
 * the unique index on live phones refuses the second insert, which then reads the first one's row.
 */
export async function clientFor(
  tx: Database,
  companyId: number,
  body: AppointmentCreate,
): Promise<number | null> {
  if (body.client_id !== undefined) {
    const [client] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.id, body.client_id), eq(clients.companyId, companyId)))
    if (!client) throw invalid('client_id', /*i18n*/ 'names a client this company does not have')
    return client.id
  }
  if (body.client_phone === undefined) {
    if (body.client_name === undefined) return null
    const [created] = await tx
      .insert(clients)
      .values({ companyId, name: body.client_name })
      .returning({ id: clients.id })
    return created!.id
  }
  const normalised = normalisePhone(body.client_phone)
  if (!normalised) throw invalid('client_phone', /*i18n*/ 'must be a valid phone number')
  const phone = `+${normalised.digits}`
  const findLive = async () => {
    const [found] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(
        and(
          eq(clients.companyId, companyId),
          eq(clients.phone, phone),
          isNull(clients.mergedIntoId),
          isNull(clients.deletedAt),
        ),
      )
    return found?.id
  }
  const existing = await findLive()
  if (existing !== undefined) return existing
  const inserted = await tx
    .insert(clients)
    .values({ companyId, name: body.client_name ?? phone, phone })
    .onConflictDoNothing()
    .returning({ id: clients.id })
  if (inserted[0]) return inserted[0].id
  return (await findLive())!
}

/** Writes the services of an appointment in sequence from `startAt`, and books one free instance per resource. */
export async function writeParts(
  tx: Database,
  companyId: number,
  appointmentId: number,
  plan: BookingPlan,
  startAt: Date,
  instanceIds: number[],
): Promise<void> {
  let cursor = startAt.getTime()
  await tx.insert(appointmentServices).values(
    plan.parts.map((part, position) => {
      const start = cursor
      cursor += part.lengthSec * 1000
      return {
        companyId,
        appointmentId,
        serviceId: part.serviceId,
        compositeId: part.compositeId,
        position,
        startAt: new Date(start),
        endAt: new Date(cursor),
      }
    }),
  )
  if (instanceIds.length > 0) {
    await tx.insert(resourceBookings).values(
      instanceIds.map((instanceId) => ({
        companyId,
        instanceId,
        recordId: appointmentId,
        startsAt: startAt,
        endsAt: new Date(startAt.getTime() + plan.durationSec * 1000),
      })),
    )
  }
}

/**
 * Checks that an appointment of `plan` from `startAt` fits the staff member's working hours of that day and
 * picks the free resource instances (409 when some resource has none). The final word on the staff member's
 * time is the exclusion constraint at insert, not this read.
 */
export async function placeAppointment(
  db: Database,
  companyId: number,
  staffId: number,
  plan: BookingPlan,
  startAt: Date,
  durationSec: number,
  timeZone: string,
  exceptAppointmentId?: number,
): Promise<number[]> {
  const date = wallClockOf(startAt, timeZone).date
  const hours = await dayHours(db, companyId, staffId, date)
  if (!stretchHolding(hours, date, timeZone, startAt, durationSec)) {
    throw invalid('start_at', /*i18n*/ 'is outside the working hours of the staff member')
  }
  const end = new Date(startAt.getTime() + durationSec * 1000)
  const load = await loadDayLoad(db, companyId, staffId, plan, startAt, end, exceptAppointmentId)
  const instances = freeInstancesFor(load, { start: startAt.getTime(), end: end.getTime() })
  if (!instances) throw slotTaken('resource')
  return instances
}

/** POST /company/{id}/appointments */
export async function createAppointment(
  db: Database,
  actor: Actor,
  body: AppointmentCreate,
  record: RecordChange,
): Promise<Appointment> {
  const { membership } = actor
  const { companyId } = membership
  if (!(await mayReachStaff(db, membership.rights, body.staff_id)))
    throw new HttpError(404, EMPLOYEE_NOT_FOUND)
  await requireWorkingStaff(db, companyId, body.staff_id)
  const timeZone = await companyTimeZone(db, companyId)
  const startAt = parseCompanyDateTime(body.start_at, timeZone)
  requireWithinWindow(membership, 'create_records_last_days_count', startAt, timeZone)
  const plan = await planBooking(db, companyId, body.staff_id, body.service_ids)
  await checkRecordFieldValues(db, companyId, membership.rights, body.custom_fields)
  const row = await refusingDoubleBooking(() =>
    db.transaction(async (tx) => {
      const instances = await placeAppointment(
        tx,
        companyId,
        body.staff_id,
        plan,
        startAt,
        plan.durationSec,
        timeZone,
      )
      const clientId = await clientFor(tx, companyId, body).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw slotTaken('staff')
        throw error
      })
      const endAt = new Date(startAt.getTime() + plan.durationSec * 1000)
      const [created] = await tx
        .insert(appointments)
        .values({
          companyId,
          staffId: body.staff_id,
          clientId,
          startAt,
          endAt,
          busyUntil: new Date(endAt.getTime() + plan.breakSec * 1000),
          comment: body.comment ?? '',
          createdBy: actor.userId,
        })
        .returning()
      await writeParts(tx, companyId, created!.id, plan, startAt, instances)
      await writeRecordFieldValues(tx, created!.id, body.custom_fields)
      await record(tx, {
        entity: 'appointment',
        entityId: created!.id,
        operation: 'created',
        changes: { ...body, start_at: startAt.toISOString(), client_id: clientId },
      })
      return created!
    }),
  )
  return (await present(db, [row], membership))[0]!
}

/**
 * The appointment as the member may change it: 404 for another company's or another staff member's (a member
 * limited to one staff member or one group), 403 without record_edit_access (or record_paid_edit_access once paid) or outside the
 * edit window.
 */
async function loadForChange(
  db: Database,
  membership: Membership,
  appointmentId: number,
  timeZone: string,
): Promise<AppointmentRow> {
  const [row] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.companyId, membership.companyId)))
    .for('update')
  if (!row || !(await mayReachStaff(db, membership.rights, row.staffId))) {
    throw new HttpError(404, APPOINTMENT_NOT_FOUND)
  }
  requireWithinWindow(membership, 'edit_records_last_days_count', row.startAt, timeZone)
  return row
}

/** The services of an appointment as a plan, keeping their booked order. */
async function planOf(db: Database, companyId: number, staffId: number, appointmentId: number) {
  const booked = await db
    .select({ serviceId: appointmentServices.serviceId, compositeId: appointmentServices.compositeId })
    .from(appointmentServices)
    .where(eq(appointmentServices.appointmentId, appointmentId))
    .orderBy(asc(appointmentServices.position))
  const topLevel: number[] = []
  for (const part of booked) {
    const id = part.compositeId ?? part.serviceId
    if (topLevel.at(-1) !== id || part.compositeId === null) topLevel.push(id)
  }
  return planBooking(db, companyId, staffId, topLevel)
}

/**
 * PATCH /company/{id}/appointments/{appointmentId}: moves the appointment to another staff member and/or start
 * (its length stays), or gives it a new end (record_duration_edit_access). Parts and resource bookings move with
 * it; the new place must be in the staff member's hours and free (409 otherwise, by the constraints).
 */
export async function moveAppointment(
  db: Database,
  actor: Actor,
  appointmentId: number,
  body: AppointmentMove,
  record: RecordChange,
): Promise<Appointment> {
  const { membership } = actor
  const { companyId } = membership
  requireFlag(membership, 'record_edit_access')
  if (body.end_at !== undefined) requireFlag(membership, 'record_duration_edit_access')
  await checkRecordFieldValues(db, companyId, membership.rights, body.custom_fields)
  const timeZone = await companyTimeZone(db, companyId)
  const moves = body.staff_id !== undefined || body.start_at !== undefined || body.end_at !== undefined
  const row = await refusingDoubleBooking(() =>
    db.transaction(async (tx) => {
      const current = await loadForChange(tx, membership, appointmentId, timeZone)
      if (current.status === 'paid') requireFlag(membership, 'record_paid_edit_access')
      if (!moves) return editDetails(tx, appointmentId, body, record)
      if (current.status === 'cancelled') {
        throw new HttpError(409, /*i18n*/ 'A cancelled appointment cannot be moved', {
          code: ErrorCode.appointmentStatusForbidden,
        })
      }
      const staffId = body.staff_id ?? current.staffId
      if (!(await mayReachStaff(tx, membership.rights, staffId))) throw new HttpError(404, EMPLOYEE_NOT_FOUND)
      if (staffId !== current.staffId) await requireWorkingStaff(tx, companyId, staffId)
      const startAt = body.start_at ? parseCompanyDateTime(body.start_at, timeZone) : current.startAt
      requireWithinWindow(membership, 'edit_records_last_days_count', startAt, timeZone)
      const endAt = body.end_at
        ? parseCompanyDateTime(body.end_at, timeZone)
        : new Date(startAt.getTime() + (current.endAt.getTime() - current.startAt.getTime()))
      if (endAt.getTime() <= startAt.getTime()) throw invalid('end_at', /*i18n*/ 'must be after the start')
      const durationSec = (endAt.getTime() - startAt.getTime()) / 1000
      const plan = await planOf(tx, companyId, staffId, appointmentId)
      const instances = await placeAppointment(
        tx,
        companyId,
        staffId,
        plan,
        startAt,
        durationSec,
        timeZone,
        appointmentId,
      )
      await tx.delete(appointmentServices).where(eq(appointmentServices.appointmentId, appointmentId))
      await tx
        .delete(resourceBookings)
        .where(and(eq(resourceBookings.companyId, companyId), eq(resourceBookings.recordId, appointmentId)))
      const breakMs = current.busyUntil.getTime() - current.endAt.getTime()
      const [moved] = await tx
        .update(appointments)
        .set({
          staffId,
          startAt,
          endAt,
          busyUntil: new Date(endAt.getTime() + breakMs),
          ...(body.comment !== undefined ? { comment: body.comment } : {}),
          updatedAt: new Date(),
        })
        .where(eq(appointments.id, appointmentId))
        .returning()
      // The parts keep their order and lengths from the new start; a resize stretches the last one.
      const scaled = { ...plan, durationSec }
      const lastIndex = plan.parts.length - 1
      const parts = plan.parts.map((part, index) =>
        index === lastIndex
          ? { ...part, lengthSec: Math.max(1, durationSec - (plan.durationSec - part.lengthSec)) }
          : part,
      )
      await writeParts(tx, companyId, appointmentId, { ...scaled, parts }, startAt, instances)
      await writeRecordFieldValues(tx, appointmentId, body.custom_fields)
      await record(tx, {
        entity: 'appointment',
        entityId: appointmentId,
        operation: 'moved',
        changes: {
          staff_id: staffId,
          start_at: startAt.toISOString(),
          end_at: endAt.toISOString(),
          ...(body.custom_fields === undefined ? {} : { custom_fields: body.custom_fields }),
        },
      })
      return moved!
    }),
  )
  return (await present(db, [row], membership))[0]!
}

/** A PATCH that names only the comment and custom field values: the appointment stays where it is. */
async function editDetails(
  tx: Database,
  appointmentId: number,
  body: AppointmentMove,
  record: RecordChange,
): Promise<AppointmentRow> {
  const [edited] = await tx
    .update(appointments)
    .set({ ...(body.comment !== undefined ? { comment: body.comment } : {}), updatedAt: new Date() })
    .where(eq(appointments.id, appointmentId))
    .returning()
  await writeRecordFieldValues(tx, appointmentId, body.custom_fields)
  await record(tx, {
    entity: 'appointment',
    entityId: appointmentId,
    operation: 'updated',
    changes: {
      ...(body.comment !== undefined ? { comment: body.comment } : {}),
      ...(body.custom_fields === undefined ? {} : { custom_fields: body.custom_fields }),
    },
  })
  return edited!
}

/**
 * PUT /company/{id}/appointments/{appointmentId}/status: a move the status machine allows (409 with code 4002
 * otherwise), by a member holding the right of the new status. Cancelling frees the resource instances; marking
 * paid stores the payment into an account the member may use, in the same transaction. The appointment row is
 * locked, so of two payments at once the second waits and then finds the visit paid.
 */
export async function changeAppointmentStatus(
  db: Database,
  actor: Actor,
  appointmentId: number,
  status: AppointmentStatus,
  record: RecordChange,
  payment?: AppointmentPaymentInput,
): Promise<Appointment> {
  const { membership } = actor
  const { companyId } = membership
  const timeZone = await companyTimeZone(db, companyId)
  const row = await db.transaction(async (tx) => {
    const current = await loadForChange(tx, membership, appointmentId, timeZone)
    requireFlag(membership, statusChangeRight[status])
    const from = current.status as AppointmentStatus
    if (!canChangeStatus(from, status)) {
      throw new HttpError(409, STATUS_CHANGE_REFUSED, {
        messageValues: { from, status },
        code: ErrorCode.appointmentStatusForbidden,
        details: { from, to: status },
      })
    }
    if (status === 'cancelled') {
      await tx
        .delete(resourceBookings)
        .where(and(eq(resourceBookings.companyId, companyId), eq(resourceBookings.recordId, appointmentId)))
    }
    if (status === 'paid') {
      // The body schema makes a payment part of every `paid`; without one nothing could be paid into.
      if (!payment) throw invalid('payment', /*i18n*/ 'is needed to mark the visit paid')
      await takePayment(tx, membership, actor.userId, appointmentId, payment)
    }
    const changed = await writeStatus(tx, appointmentId, status)
    await record(tx, {
      entity: 'appointment',
      entityId: appointmentId,
      operation: 'updated',
      changes: { status: { from, to: status }, ...(payment === undefined ? {} : { payment }) },
    })
    return changed!
  })
  return (await present(db, [row], membership))[0]!
}

/** Writes an appointment's new status (already allowed by the status machine) and returns the row. */
async function writeStatus(tx: Database, appointmentId: number, status: AppointmentStatus) {
  const [changed] = await tx
    .update(appointments)
    .set({ status, updatedAt: new Date() })
    .where(eq(appointments.id, appointmentId))
    .returning()
  return changed
}

/**
 * POST /company/{id}/appointments/{appointmentId}/refunds: gives back (part of) the payment of a paid visit, by a
 * member who may take payments (record_finances_payment_access), out of an account of their list. Refunded in full,
 * the visit leaves paid as the status machine moves it (back to arrived); a partial refund leaves it paid. The
 * appointment row is locked, so refunds at once wait for each other and the later ones find less left to refund.
 */
export async function refundAppointment(
  db: Database,
  actor: Actor,
  appointmentId: number,
  input: AppointmentRefundInput,
  record: RecordChange,
): Promise<Appointment> {
  const { membership } = actor
  const timeZone = await companyTimeZone(db, membership.companyId)
  const row = await db.transaction(async (tx) => {
    const current = await loadForChange(tx, membership, appointmentId, timeZone)
    requireFlag(membership, statusChangeRight.paid)
    const from = current.status as AppointmentStatus
    const afterFullRefund = statusAfterFullRefund(from)
    if (afterFullRefund === undefined) {
      throw new HttpError(409, /*i18n*/ 'Only a paid visit can be refunded', {
        code: ErrorCode.appointmentStatusForbidden,
        details: { from },
      })
    }
    const outcome = await refundPayment(tx, membership, actor.userId, appointmentId, input)
    const status = outcome.refundedInFull ? afterFullRefund : from
    const changed = await writeStatus(tx, appointmentId, status)
    await record(tx, {
      entity: 'appointment',
      entityId: appointmentId,
      operation: 'updated',
      changes: {
        refund: { ...input, amount: outcome.amount },
        ...(status === from ? {} : { status: { from, to: status } }),
      },
    })
    return changed!
  })
  return (await present(db, [row], membership))[0]!
}
