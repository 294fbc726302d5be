import * as v from 'valibot'
import { idParamSchema } from '../id-params'
import { fieldText } from '../field-text'

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
  date_basis: v.picklist(
    salaryDateBases,
    fieldText(/*i18n*/ 'must be one of {options}', { options: salaryDateBases.join(', ') }),
  ),
  discount_split_mode: v.picklist(
    salarySplitModes,
    fieldText(/*i18n*/ 'must be one of {options}', { options: salarySplitModes.join(', ') }),
  ),
  cost_split_mode: v.picklist(
    salarySplitModes,
    fieldText(/*i18n*/ 'must be one of {options}', { options: salarySplitModes.join(', ') }),
  ),
  mode: v.picklist(
    salaryModes,
    fieldText(/*i18n*/ 'must be one of {options}', { options: salaryModes.join(', ') }),
  ),
})
export type SalarySettingsBody = v.InferOutput<typeof salarySettingsBodySchema>

/**
 * PUT's body: the settings, and the `version` the form was opened with (0 before the first save). With it, a
 * save from an older copy is refused with 409 instead of undoing someone else's save; without it (an older
 * client), the last save wins.
 */
export const salarySettingsSaveSchema = v.object({
  ...salarySettingsBodySchema.entries,
  expected_version: v.optional(
    v.pipe(
      v.number(/*i18n*/ 'must be the version the form was opened with'),
      v.integer(/*i18n*/ 'must be the version the form was opened with'),
      v.minValue(0, /*i18n*/ 'must be the version the form was opened with'),
      v.maxValue(2_000_000_000, /*i18n*/ 'must be the version the form was opened with'),
    ),
  ),
})
export type SalarySettingsSave = v.InferOutput<typeof salarySettingsSaveSchema>

export const salarySettingsSchema = v.object({
  staff_id: v.number(),
  ...salarySettingsBodySchema.entries,
  /** False while the employee still has the defaults (nothing saved yet). */
  is_customized: v.boolean(),
  /** How many times the settings were saved; 0 while they are the defaults. */
  version: v.optional(v.number(), 0),
})
export type SalarySettings = v.InferOutput<typeof salarySettingsSchema>

export const salarySettingsParamsSchema = v.looseObject({
  staffId: idParamSchema,
})
