import {
  salarySettingsParamsSchema,
  salarySettingsSaveSchema,
  salarySettingsSchema,
} from '../../../contract/salary/schemas'
import type { Operation } from '../operation'

export const salaryOperations: Operation[] = [
  {
    method: 'GET',
    path: '/company/:id/salary/settings/:staffId',
    summary: "One employee's payroll settings (defaults until saved)",
    params: salarySettingsParamsSchema,
    reply: salarySettingsSchema,
  },
  {
    method: 'PUT',
    path: '/company/:id/salary/settings/:staffId',
    summary: 'Refused with 409 when saved since `expected_version`',
    params: salarySettingsParamsSchema,
    body: salarySettingsSaveSchema,
    reply: salarySettingsSchema,
  },
]
