import * as v from 'valibot'
import { fieldText } from '../field-text'

/** Options bought on top of a licence (SPEC.md section 3). */
export const LicenseOption = {
  SMS_NAME: 1,
  KKM: 2,
  INVOICING: 3,
  NOTIFICATION_MODULE: 4,
  KKM_SERVER: 5,
  ADDITIONAL_STAFF: 6,
} as const
export type LicenseOptionId = (typeof LicenseOption)[keyof typeof LicenseOption]

const optionIdSchema = v.picklist(
  Object.values(LicenseOption),
  /*i18n*/ 'must be one of the option ids 1 to 6',
)

export const licenseOptionSchema = v.object({ option_id: optionIdSchema, amount: v.number() })

export const licenseSchema = v.object({
  id: v.number(),
  company_id: v.number(),
  tariff: v.string(),
  /** Staff seats of the tariff plus the additional staff bought (option 6). */
  staff_limit: v.number(),
  staff_seat_monthly_price: v.number(),
  starts_at: v.string(),
  expires_at: v.string(),
  is_active: v.boolean(),
  options: v.array(licenseOptionSchema),
})
export type License = v.InferOutput<typeof licenseSchema>

/** GET /license/{id}: an array reply (the server sends []) means the company has no licence, read as null. */
export const licenseReplySchema = v.pipe(
  v.union([v.array(v.unknown()), licenseSchema]),
  v.transform((reply): License | null => (Array.isArray(reply) ? null : reply)),
)

/** A whole number from a query string or a JSON body, within bounds. */
const countSchema = (max: number) =>
  v.pipe(
    v.union([v.pipe(v.string(), v.regex(/^\d{1,6}$/, /*i18n*/ 'must be a whole number')), v.number()]),
    v.transform(Number),
    v.integer(/*i18n*/ 'must be a whole number'),
    v.minValue(1, /*i18n*/ 'must be at least 1'),
    v.maxValue(max, fieldText(/*i18n*/ 'must be at most {max}', { max })),
  )

/** Query of GET /license/{id}/add_staff/calculate: how many additional staff seats to price. */
export const addStaffCalculateQuerySchema = v.object({ amount: countSchema(1000) })

export const addStaffCalculationSchema = v.object({
  amount: v.number(),
  price_per_staff: v.number(),
  /** Days until the licence ends; the price is prorated to them (30 days cost one monthly price). */
  days_left: v.number(),
  total: v.number(),
})
export type AddStaffCalculation = v.InferOutput<typeof addStaffCalculationSchema>

/** Body of POST /license/{id}/options/add. */
export const addLicenseOptionBodySchema = v.object({ option_id: optionIdSchema, amount: countSchema(1000) })
export type AddLicenseOptionBody = v.InferInput<typeof addLicenseOptionBodySchema>
