import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { TimetableSettings } from '../../../contract/timetable/schemas'
import { requireMembership } from '../../access/company-access'
import { companySettings } from '../../db/schema'
import { success } from '../../http/envelope'
import { companyRoute } from '../groups/company-route'

/**
 * GET /company/{company}/timetable/settings: the three timetable flags. With the FEATURE_AGREEMENTS build flag
 * off, the newsletter and personal-data agreements are not offered at all, so both read false whatever is stored.
 */
export async function timetableRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/company/:company/timetable/settings',
    companyRoute('company', 'timetable_access'),
    async (request) => {
      const { companyId } = requireMembership(request)
      const [row] = await app.db
        .select()
        .from(companySettings)
        .where(eq(companySettings.companyId, companyId))
      const agreements = app.config.FEATURE_AGREEMENTS
      const settings: TimetableSettings = {
        is_show_newsletter_agreement: agreements && (row?.showNewsletterAgreement ?? false),
        is_show_personal_data_processing_agreement: agreements && (row?.showPersonalDataAgreement ?? false),
        is_need_sum_record_technical_breaks: row?.sumRecordTechnicalBreaks ?? false,
      }
      return success(settings)
    },
  )
}
