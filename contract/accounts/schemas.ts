import * as v from 'valibot'
import { idParamSchema, requiredTextSchema, textSchema } from '../id-params'
import { atLeastOneField } from '../storable-values'

/** A cash desk (cash) or a bank account (bank). */
export const accountTypes = ['cash', 'bank'] as const
export type AccountType = (typeof accountTypes)[number]

export const accountSchema = v.object({
  id: v.number(),
  title: v.string(),
  type: v.picklist(accountTypes),
  comment: v.string(),
  /** Present with include=balance: the sum of the account's transactions. */
  balance: v.optional(v.number()),
})
export type Account = v.InferOutput<typeof accountSchema>
export const accountsSchema = v.array(accountSchema)

export const accountsQuerySchema = v.object({
  include: v.optional(v.picklist(['balance'], /*i18n*/ 'may only be balance')),
})

export const accountParamsSchema = v.looseObject({ companyId: idParamSchema, accountId: idParamSchema })

const accountTypeSchema = v.picklist(accountTypes, /*i18n*/ 'must be cash or bank')

/** Body of POST accounts/{companyId}/. */
export const accountCreateSchema = v.object({
  title: requiredTextSchema(100),
  type: accountTypeSchema,
  comment: v.optional(textSchema(500), ''),
})
export type AccountCreate = v.InferInput<typeof accountCreateSchema>

/** Body of PUT accounts/{companyId}/{accountId}: rename, change the type or the comment. */
export const accountUpdateSchema = v.pipe(
  v.object({
    title: v.optional(requiredTextSchema(100)),
    type: v.optional(accountTypeSchema),
    comment: v.optional(textSchema(500)),
  }),
  atLeastOneField(),
)
export type AccountUpdate = v.InferInput<typeof accountUpdateSchema>

/**
 * Why an account cannot be deleted (the 409 of DELETE accounts/{companyId}/{accountId}, code 3002, in
 * errors.used_by): how many transactions it holds and what they add up to.
 */
export const accountInUseSchema = v.object({ transactions: v.number(), balance: v.number() })
export type AccountInUse = v.InferOutput<typeof accountInUseSchema>
