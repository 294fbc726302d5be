import * as v from 'valibot'
import { countSchema, dateSchema, idSchema, textSchema } from '../id-params'

/** SPEC.md section 3: date_from and date_to default to the zero date, which means "no limit". */
export const zeroDate = '0000-00-00'
const zeroOrDateSchema = v.union(
  [v.literal(zeroDate), dateSchema],
  /*i18n*/ 'must be a date as YYYY-MM-DD or 0000-00-00',
)

const priceSchema = countSchema(100_000_000)

/** Requirement mode of SPEC.md section 3, used for prepayment. */
export const requirementModes = ['forbidden', 'allowed', 'required'] as const

/**
 * The settings of a service that nothing queries by: each is validated here, stored together and answered with
 * its default when never set. The server keeps them in one JSON column (docs/decisions.md).
 */
export const serviceOptionEntries = {
  api_id: textSchema(50),
  capacity: countSchema(1000),
  kkm_settings_id: v.nullable(idSchema),
  autopayment_before_visit_time: countSchema(10_080),
  schedule_template_type: countSchema(10),
  seance_search_start: countSchema(86_400),
  seance_search_finish: countSchema(86_400),
  seance_search_step: countSchema(86_400),
  service_type: v.pipe(countSchema(10), v.minValue(1, /*i18n*/ 'must be at least 1')),
  is_abonement_autopayment_enabled: v.boolean(/*i18n*/ 'must be true or false'),
  api_service_id: countSchema(2_147_483_647),
  booking_title: textSchema(255),
  print_title: textSchema(255),
  date_from: zeroOrDateSchema,
  date_to: zeroOrDateSchema,
  dates: v.pipe(v.array(dateSchema), v.maxLength(366, /*i18n*/ 'must hold at most 366 dates')),
  discount: countSchema(100),
  is_multi: v.boolean(/*i18n*/ 'must be true or false'),
  is_need_limit_date: v.boolean(/*i18n*/ 'must be true or false'),
  online_invoicing_status: v.picklist([0, 1], /*i18n*/ 'must be 0 or 1'),
  repeat_visit_days_step: v.nullable(countSchema(3650)),
  step: countSchema(86_400),
  tax_variant: v.nullable(countSchema(10)),
  vat_id: v.nullable(countSchema(10)),
  is_range_price_enabled: v.boolean(/*i18n*/ 'must be true or false'),
  abonement_restriction_value: countSchema(1000),
  price_prepaid_amount: priceSchema,
  price_prepaid_percent: countSchema(100),
  prepaid: v.picklist(requirementModes, /*i18n*/ 'must be forbidden, allowed or required'),
  trial_settings: v.nullable(v.object({ is_enabled: v.boolean(), price: priceSchema })),
}

export type ServiceOptions = {
  [K in keyof typeof serviceOptionEntries]: v.InferOutput<(typeof serviceOptionEntries)[K]>
}

/** The defaults of SPEC.md section 3: service_type 1, zero dates, nothing prepaid. */
export const serviceOptionDefaults: ServiceOptions = {
  api_id: '',
  capacity: 0,
  kkm_settings_id: null,
  autopayment_before_visit_time: 0,
  schedule_template_type: 0,
  seance_search_start: 0,
  seance_search_finish: 86_400,
  seance_search_step: 900,
  service_type: 1,
  is_abonement_autopayment_enabled: false,
  api_service_id: 0,
  booking_title: '',
  print_title: '',
  date_from: zeroDate,
  date_to: zeroDate,
  dates: [],
  discount: 0,
  is_multi: false,
  is_need_limit_date: false,
  online_invoicing_status: 0,
  repeat_visit_days_step: null,
  step: 0,
  tax_variant: null,
  vat_id: null,
  is_range_price_enabled: false,
  abonement_restriction_value: 0,
  price_prepaid_amount: 0,
  price_prepaid_percent: 0,
  prepaid: 'forbidden',
  trial_settings: null,
}

/** Reads stored options leniently: anything missing or no longer valid falls back to its default. */
export function readServiceOptions(stored: unknown): ServiceOptions {
  const record = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>
  const options = { ...serviceOptionDefaults }
  for (const key of Object.keys(serviceOptionEntries) as (keyof ServiceOptions)[]) {
    // A setting never made keeps its default without a failed parse (each builds its issues: a list of 2,000
    // services spent most of its time there).
    if (record[key] === undefined) continue
    const parsed = v.safeParse(serviceOptionEntries[key], record[key])
    if (parsed.success) Object.assign(options, { [key]: parsed.output })
  }
  return options
}
