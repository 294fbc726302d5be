import * as v from 'valibot'

export const accountSchema = v.object({
  id: v.number(),
  title: v.string(),
  type: v.picklist(['cash', 'bank']),
  comment: v.string(),
  /** Present with include=balance: the sum of the account's transactions. */
  balance: v.optional(v.number()),
})
export type Account = v.InferOutput<typeof accountSchema>
export const accountsSchema = v.array(accountSchema)

export const accountsQuerySchema = v.object({
  include: v.optional(v.picklist(['balance'], 'may only be balance')),
})
