import type { FastifyInstance } from 'fastify'
import { timetableSettingsBodySchema } from '../../../contract/timetable/schemas'
import { requireMembership } from '../../access/company-access'
import { success } from '../../http/envelope'
import { validate } from '../../http/validate'
import { auditOf } from '../change-log/request-audit'
import { companyRoute } from '../groups/company-route'
import { readTimetableSettings, saveTimetableSettings } from './timetable-settings-store'

/**
 * GET /company/{company}/timetable/settings: the three timetable flags, for everyone who sees the timetable;
 * PUT changes them, with timetable_settings_edit_access. The FEATURE_AGREEMENTS build flag decides whether the
 * two agreements are offered at all.
 */
export async function timetableRoutes(app: FastifyInstance): Promise<void> {
  const path = '/company/:company/timetable/settings'
  app.get(path, companyRoute('company', 'timetable_access'), async (request) => {
    const { companyId } = requireMembership(request)
    return success(await readTimetableSettings(app.db, companyId, app.config.FEATURE_AGREEMENTS))
  })

  app.put(path, companyRoute('company', 'timetable_settings_edit_access'), async (request) => {
    const { companyId } = requireMembership(request)
    const body = validate(timetableSettingsBodySchema, request.body)
    const saved = await saveTimetableSettings(
      app.db,
      companyId,
      body,
      app.config.FEATURE_AGREEMENTS,
      auditOf(request),
    )
    return success(saved)
  })
}
