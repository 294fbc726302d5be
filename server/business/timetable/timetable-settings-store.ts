import { eq } from 'drizzle-orm'
import type { TimetableSettingsBody, TimetableSettingsReply } from '../../../contract/timetable/schemas'
import type { Database } from '../../db/database'
import { companySettings } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../../http/validate'
import type { RecordChange } from '../change-log/request-audit'

/**
 * The timetable flags of a company. With the agreements build flag off the newsletter and personal-data
 * agreements are not offered at all, so both read false whatever is stored (SPEC.md section 7).
 */
export async function readTimetableSettings(
  db: Database,
  companyId: number,
  agreementsOffered: boolean,
): Promise<TimetableSettingsReply> {
  const [row] = await db.select().from(companySettings).where(eq(companySettings.companyId, companyId))
  return {
    is_show_newsletter_agreement: agreementsOffered && (row?.showNewsletterAgreement ?? false),
    is_show_personal_data_processing_agreement:
      agreementsOffered && (row?.showPersonalDataAgreement ?? false),
    is_need_sum_record_technical_breaks: row?.sumRecordTechnicalBreaks ?? false,
    agreements_offered: agreementsOffered,
  }
}

/**
 * Changes the flags the body names, in one statement (a company without a settings row gets one), with its
 * audit entry in the same transaction. Switching an agreement on in a build that does not offer agreements is
 * refused (422) and changes nothing; switching one off is accepted, so a client that sends what it read works.
 */
export async function saveTimetableSettings(
  db: Database,
  companyId: number,
  body: TimetableSettingsBody,
  agreementsOffered: boolean,
  record: RecordChange,
): Promise<TimetableSettingsReply> {
  if (!agreementsOffered) {
    const refused = (['is_show_newsletter_agreement', 'is_show_personal_data_processing_agreement'] as const)
      .filter((field) => body[field] === true)
      .map((field) => [field, ['agreements are not offered in this installation']])
    if (refused.length > 0) {
      throw new HttpError(422, VALIDATION_FAILED_MESSAGE, { fieldErrors: Object.fromEntries(refused) })
    }
  }
  const changes = {
    ...(body.is_show_newsletter_agreement === undefined
      ? {}
      : { showNewsletterAgreement: body.is_show_newsletter_agreement }),
    ...(body.is_show_personal_data_processing_agreement === undefined
      ? {}
      : { showPersonalDataAgreement: body.is_show_personal_data_processing_agreement }),
    ...(body.is_need_sum_record_technical_breaks === undefined
      ? {}
      : { sumRecordTechnicalBreaks: body.is_need_sum_record_technical_breaks }),
  }
  if (Object.keys(changes).length > 0) {
    await db.transaction(async (tx) => {
      await tx
        .insert(companySettings)
        .values({ companyId, ...changes })
        .onConflictDoUpdate({
          target: companySettings.companyId,
          set: changes,
        })
      await record(tx, {
        entity: 'timetable_settings',
        entityId: companyId,
        operation: 'updated',
        changes: body,
      })
    })
  }
  return readTimetableSettings(db, companyId, agreementsOffered)
}
