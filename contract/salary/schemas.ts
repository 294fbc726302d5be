import * as v from 'valibot'

/** Payroll enums of SPEC.md section 3. */
export const salaryDateBases = ['sale_date', 'funds_receipt_date'] as const
export const salarySplitModes = [
  'none',
  'subtract_from_payment',
  'professional_only',
  'professional_and_assistant_proportionally',
  'professional_and_business_proportionally',
  'professional_and_assistant_and_business_proportionally',
] as const
export const salaryModes = ['none', 'single', 'full', 'split'] as const

/** Payroll settings of one employee: what date a sale counts on and how discounts and costs are shared. */
export const salarySettingsBodySchema = v.object({
  date_basis: v.picklist(salaryDateBases, `must be one of ${salaryDateBases.join(', ')}`),
  discount_split_mode: v.picklist(salarySplitModes, `must be one of ${salarySplitModes.join(', ')}`),
  cost_split_mode: v.picklist(salarySplitModes, `must be one of ${salarySplitModes.join(', ')}`),
  mode: v.picklist(salaryModes, `must be one of ${salaryModes.join(', ')}`),
})
export type SalarySettingsBody = v.InferOutput<typeof salarySettingsBodySchema>

export const salarySettingsSchema = v.object({
  staff_id: v.number(),
  ...salarySettingsBodySchema.entries,
  /** False while the employee still has the defaults (nothing saved yet). */
  is_customized: v.boolean(),
})
export type SalarySettings = v.InferOutput<typeof salarySettingsSchema>

export const salarySettingsParamsSchema = v.looseObject({
  staffId: v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, 'must be a positive integer'),
    v.transform(Number),
    v.minValue(1, 'must be a positive integer'),
  ),
})
