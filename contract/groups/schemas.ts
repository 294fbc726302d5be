import * as v from 'valibot'

/** A chain (company group) and the companies of it that the user belongs to. */
export const companyGroupSchema = v.object({
  id: v.number(),
  title: v.string(),
  companies: v.array(v.object({ id: v.number(), title: v.string() })),
})
export type CompanyGroup = v.InferOutput<typeof companyGroupSchema>
export const companyGroupsSchema = v.array(companyGroupSchema)
