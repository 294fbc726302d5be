import * as v from 'valibot'
import { visibleText } from '../storable-values'

export const paymentMethodSlugSchema = v.pipe(
  v.string(),
  v.regex(/^[a-z][a-z0-9_]{0,39}$/, /*i18n*/ 'must be lower-case letters, digits and _ (at most 40)'),
)

export const paymentMethodSchema = v.object({
  id: v.number(),
  slug: v.string(),
  title: v.string(),
  is_active: v.boolean(),
  weight: v.number(),
})
export type PaymentMethod = v.InferOutput<typeof paymentMethodSchema>
export const paymentMethodsSchema = v.array(paymentMethodSchema)

const paymentMethodInputSchema = v.object({
  /** An existing method to update; without it a new method is created. */
  id: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  /** Chosen by the server from the title when absent. */
  slug: v.optional(paymentMethodSlugSchema),
  title: v.pipe(
    v.string(),
    visibleText(),
    v.trim(),
    v.minLength(1, /*i18n*/ 'must not be empty'),
    v.maxLength(100, /*i18n*/ 'is too long'),
  ),
  is_active: v.optional(v.boolean(), true),
})

/**
 * Body of POST /company/{id}/payment_methods/save: the company's whole list, in display order. Methods left out
 * are removed; the order of the list becomes their weight.
 */
export const savePaymentMethodsBodySchema = v.object({
  payment_methods: v.pipe(
    v.array(paymentMethodInputSchema),
    // A salon takes payment in some way: an empty list would drop every method and every pin at once.
    v.minLength(1, /*i18n*/ 'must keep at least one payment method'),
    v.maxLength(50, /*i18n*/ 'at most 50 payment methods'),
    v.check(
      (list) => new Set(list.map((item) => item.title.toLowerCase())).size === list.length,
      /*i18n*/ 'titles must be unique',
    ),
    v.check(
      (list) =>
        new Set(list.flatMap((item) => (item.slug ? [item.slug] : []))).size ===
        list.filter((item) => item.slug).length,
      /*i18n*/ 'slugs must be unique',
    ),
    v.check(
      (list) =>
        new Set(list.flatMap((item) => (item.id ? [item.id] : []))).size ===
        list.filter((item) => item.id).length,
      /*i18n*/ 'ids must be unique',
    ),
  ),
})
export type SavePaymentMethodsBody = v.InferInput<typeof savePaymentMethodsBodySchema>
