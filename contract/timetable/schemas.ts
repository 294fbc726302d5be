import * as v from 'valibot'

/** The three timetable flags of SPEC.md section 3. */
export const timetableSettingsSchema = v.object({
  is_show_newsletter_agreement: v.boolean(),
  is_show_personal_data_processing_agreement: v.boolean(),
  is_need_sum_record_technical_breaks: v.boolean(),
})
export type TimetableSettings = v.InferOutput<typeof timetableSettingsSchema>
