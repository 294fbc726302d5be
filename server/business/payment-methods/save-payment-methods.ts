import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type * as v from 'valibot'
import type { FieldErrors } from '../../../contract/envelope'
import type { PaymentMethod, savePaymentMethodsBodySchema } from '../../../contract/payment-methods/schemas'
import type { Database } from '../../db/database'
import { paymentMethodPins, paymentMethods } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../../http/validate'

type SaveBody = v.InferOutput<typeof savePaymentMethodsBodySchema>

const columns = {
  id: paymentMethods.id,
  slug: paymentMethods.slug,
  title: paymentMethods.title,
  is_active: paymentMethods.isActive,
  weight: paymentMethods.weight,
}

export async function listPaymentMethods(db: Database, companyId: number): Promise<PaymentMethod[]> {
  return db
    .select(columns)
    .from(paymentMethods)
    .where(eq(paymentMethods.companyId, companyId))
    .orderBy(asc(paymentMethods.weight), asc(paymentMethods.id))
}

/** A slug from a title: Latin letters and digits joined by _, or `method` when the title has none. */
function slugFromTitle(title: string): string {
  const base = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[_0-9]+|_+$/g, '')
    .slice(0, 32)
  return base || 'method'
}

/**
 * Replaces the company's payment methods with `body.payment_methods`, in that order: items with an id update
 * that method, items without one create a method, and methods left out are removed with their pins. Saves of
 * one company are serialised by a row lock, so two people saving at once never lose a method or duplicate one.
 * A method's slug never changes, because pins refer to it.
 */
export async function savePaymentMethods(
  db: Database,
  companyId: number,
  body: SaveBody,
): Promise<PaymentMethod[]> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select id from companies where id = ${companyId} for update`)
    const existing = await tx
      .select(columns)
      .from(paymentMethods)
      .where(eq(paymentMethods.companyId, companyId))
    const byId = new Map(existing.map((method) => [method.id, method]))
    const fieldErrors: FieldErrors = {}
    const keptIds = new Set(body.payment_methods.flatMap((item) => (item.id ? [item.id] : [])))
    const taken = new Set(existing.filter((method) => keptIds.has(method.id)).map((method) => method.slug))

    const planned = body.payment_methods.map((item, index) => {
      if (item.id !== undefined) {
        const current = byId.get(item.id)
        if (!current) fieldErrors[`payment_methods.${index}.id`] = ['is not a payment method of this company']
        else if (item.slug !== undefined && item.slug !== current.slug) {
          fieldErrors[`payment_methods.${index}.slug`] = ['cannot be changed']
        }
        return { ...item, slug: current?.slug ?? '', weight: index }
      }
      let slug = item.slug ?? slugFromTitle(item.title)
      if (item.slug !== undefined && taken.has(slug)) {
        fieldErrors[`payment_methods.${index}.slug`] = ['is already used by another payment method']
      }
      for (let suffix = 2; item.slug === undefined && taken.has(slug); suffix += 1) {
        slug = `${slugFromTitle(item.title)}_${suffix}`
      }
      taken.add(slug)
      return { ...item, slug, weight: index }
    })
    if (Object.keys(fieldErrors).length > 0) {
      throw new HttpError(422, VALIDATION_FAILED_MESSAGE, { fieldErrors })
    }

    const removed = existing.filter((method) => !keptIds.has(method.id))
    if (removed.length > 0) {
      await tx.delete(paymentMethodPins).where(
        and(
          eq(paymentMethodPins.companyId, companyId),
          inArray(
            paymentMethodPins.paymentMethodSlug,
            removed.map((method) => method.slug),
          ),
        ),
      )
      await tx.delete(paymentMethods).where(
        inArray(
          paymentMethods.id,
          removed.map((method) => method.id),
        ),
      )
    }
    for (const item of planned) {
      const values = { title: item.title, isActive: item.is_active, weight: item.weight }
      if (item.id !== undefined) {
        await tx
          .update(paymentMethods)
          .set(values)
          .where(and(eq(paymentMethods.id, item.id), eq(paymentMethods.companyId, companyId)))
      } else {
        await tx.insert(paymentMethods).values({ ...values, companyId, slug: item.slug })
      }
    }
  })
  return listPaymentMethods(db, companyId)
}
