import { and, asc, eq } from 'drizzle-orm'
import type { AttendanceFieldPin, PaymentMethodPin } from '../../../contract/attendance-pins/schemas'
import type { Database } from '../../db/database'
import { attendanceFieldPins, paymentMethodPins, paymentMethods } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../../http/validate'

const pinColumns = { id: attendanceFieldPins.id, slug: attendanceFieldPins.slug }

export async function listFieldPins(db: Database, companyId: number): Promise<AttendanceFieldPin[]> {
  return db
    .select(pinColumns)
    .from(attendanceFieldPins)
    .where(eq(attendanceFieldPins.companyId, companyId))
    .orderBy(asc(attendanceFieldPins.id))
}

/**
 * Pins a field. Pinning is idempotent: a field pinned already (also by a request racing this one) answers the
 * existing pin, so the list never holds a field twice. `created` tells the route whether to answer 201 or 200.
 */
export async function pinField(
  db: Database,
  companyId: number,
  slug: string,
): Promise<{ pin: AttendanceFieldPin; created: boolean }> {
  const [created] = await db
    .insert(attendanceFieldPins)
    .values({ companyId, slug })
    .onConflictDoNothing()
    .returning(pinColumns)
  if (created) return { pin: created, created: true }
  const [existing] = await db
    .select(pinColumns)
    .from(attendanceFieldPins)
    .where(and(eq(attendanceFieldPins.companyId, companyId), eq(attendanceFieldPins.slug, slug)))
  return { pin: existing!, created: false }
}

/** Unpins; a pin of another company is answered like one that does not exist. */
export async function unpinField(db: Database, companyId: number, pinId: number): Promise<void> {
  const deleted = await db
    .delete(attendanceFieldPins)
    .where(and(eq(attendanceFieldPins.id, pinId), eq(attendanceFieldPins.companyId, companyId)))
    .returning({ id: attendanceFieldPins.id })
  if (deleted.length === 0) throw new HttpError(404, /*i18n*/ 'Pin not found')
}

/** Every payment method of the company with its pinned state (unpinned unless saved otherwise). */
export async function listPaymentMethodPins(db: Database, companyId: number): Promise<PaymentMethodPin[]> {
  const rows = await db
    .select({ slug: paymentMethods.slug, isPinned: paymentMethodPins.isPinned })
    .from(paymentMethods)
    .leftJoin(
      paymentMethodPins,
      and(
        eq(paymentMethodPins.companyId, paymentMethods.companyId),
        eq(paymentMethodPins.paymentMethodSlug, paymentMethods.slug),
      ),
    )
    .where(eq(paymentMethods.companyId, companyId))
    .orderBy(asc(paymentMethods.weight), asc(paymentMethods.id))
  return rows.map((row) => ({ payment_method_slug: row.slug, is_pinned: row.isPinned ?? false }))
}

export async function setPaymentMethodPin(
  db: Database,
  companyId: number,
  pin: PaymentMethodPin,
): Promise<PaymentMethodPin> {
  const [method] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.companyId, companyId), eq(paymentMethods.slug, pin.payment_method_slug)))
  if (!method) {
    throw new HttpError(422, VALIDATION_FAILED_MESSAGE, {
      fieldErrors: { payment_method_slug: [/*i18n*/ 'is not a payment method of this company'] },
    })
  }
  await db
    .insert(paymentMethodPins)
    .values({ companyId, paymentMethodSlug: pin.payment_method_slug, isPinned: pin.is_pinned })
    .onConflictDoUpdate({
      target: [paymentMethodPins.companyId, paymentMethodPins.paymentMethodSlug],
      set: { isPinned: pin.is_pinned },
    })
  return pin
}
