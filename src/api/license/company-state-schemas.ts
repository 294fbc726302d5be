import * as v from 'valibot'
import { licenseReplySchema } from './schemas'

/**
 * The company state of SPEC.md section 3 kept beside the company row: storage settings (overselling allowed by
 * default), the SMS sender name, the lost-client threshold of analytics (default 0), the default country and the
 * licence (null when there is none).
 */
export const companyStateSchema = v.object({
  storage_settings: v.object({ allow_overselling: v.boolean() }),
  sms_sender_name: v.nullable(v.string()),
  analytics_lost_threshold: v.number(),
  default_country_id: v.nullable(v.number()),
  license: v.union([v.null(), licenseReplySchema]),
})
export type CompanyState = v.InferOutput<typeof companyStateSchema>
