import * as v from 'valibot'
import { atLeastOneField } from '../storable-values'

/** The three timetable flags of SPEC.md section 3. */
export const timetableSettingsSchema = v.object({
  is_show_newsletter_agreement: v.boolean(),
  is_show_personal_data_processing_agreement: v.boolean(),
  is_need_sum_record_technical_breaks: v.boolean(),
})
export type TimetableSettings = v.InferOutput<typeof timetableSettingsSchema>

/**
 * GET and PUT /company/{company}/timetable/settings answer the flags and whether this build offers the two
 * agreements at all (the agreements build flag): when it does not, both read false and cannot be switched on.
 */
export const timetableSettingsReplySchema = v.object({
  ...timetableSettingsSchema.entries,
  agreements_offered: v.boolean(),
})
export type TimetableSettingsReply = v.InferOutput<typeof timetableSettingsReplySchema>

const flag = v.optional(v.boolean(/*i18n*/ 'must be true or false'))

/** PUT /company/{company}/timetable/settings: the flags to change; an absent one keeps its value. */
export const timetableSettingsBodySchema = v.pipe(
  v.strictObject(
    {
      is_show_newsletter_agreement: flag,
      is_show_personal_data_processing_agreement: flag,
      is_need_sum_record_technical_breaks: flag,
    },
    /*i18n*/ 'has unknown fields',
  ),
  atLeastOneField(),
)
export type TimetableSettingsBody = v.InferOutput<typeof timetableSettingsBodySchema>
