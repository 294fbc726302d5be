import type { FastifyInstance } from 'fastify'
import { salarySettingsParamsSchema, salarySettingsSaveSchema } from '../../../contract/salary/schemas'
import { requireMembership } from '../../access/company-access'
import { success } from '../../http/envelope'
import { validate } from '../../http/validate'
import { auditOf } from '../change-log/request-audit'
import { companyRoute } from '../groups/company-route'
import { readSalarySettings, writeSalarySettings } from './salary-settings'

/** GET and PUT /company/{id}/salary/settings/{staffId}: one employee's payroll settings. */
export async function salaryRoutes(app: FastifyInstance): Promise<void> {
  const path = '/company/:id/salary/settings/:staffId'
  app.get(path, companyRoute('id', 'finances_salary_access'), async (request) => {
    const { staffId } = validate(salarySettingsParamsSchema, request.params)
    return success(await readSalarySettings(app.db, requireMembership(request).companyId, staffId))
  })
  app.put(path, companyRoute('id', 'finances_salary_settings_access'), async (request) => {
    const { staffId } = validate(salarySettingsParamsSchema, request.params)
    const body = validate(salarySettingsSaveSchema, request.body)
    return success(
      await writeSalarySettings(
        app.db,
        requireMembership(request).companyId,
        staffId,
        body,
        auditOf(request),
      ),
    )
  })
}
