import type { FastifyInstance } from 'fastify'
import {
  companyWorkingHoursBodySchema,
  staffWorkingHoursBodySchema,
  staffWorkingHoursParamsSchema,
} from '../../../contract/working-hours/schemas'
import { requireMembership } from '../../access/company-access'
import { HttpError } from '../../http/http-error'
import { success } from '../../http/envelope'
import { validate } from '../../http/validate'
import { auditOf } from '../change-log/request-audit'
import { companyRoute } from '../groups/company-route'
import { EMPLOYEE_NOT_FOUND, mayReachStaff } from '../staff/staff-scope'
import {
  dropStaffWorkingHours,
  listStaffWorkingHours,
  readCompanyWorkingHours,
  saveCompanyWorkingHours,
  saveStaffWorkingHours,
} from './working-hours-store'

/**
 * The salon's opening hours and each staff member's weekly template. The opening hours are no secret (a booking
 * page shows them to everyone) and every member needs them, the setup checklist among others, so any member
 * reads them; the staff's weeks are read by everyone who sees the timetable. The salon's hours are a timetable
 * setting (timetable_settings_edit_access), a staff member's week is part of the schedule
 * (timetable_schedule_edit_access). A member limited to one staff member or one appointment group changes only
 * the weeks of the staff members they reach; another's answers 404, as everywhere else.
 */
export async function workingHoursRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app
  const companyPath = '/company/:company/working_hours'
  const staffPath = '/company/:company/staff/:staffId/working_hours'

  app.get(companyPath, companyRoute('company'), async (request) =>
    success(await readCompanyWorkingHours(db, requireMembership(request).companyId)),
  )

  app.put(companyPath, companyRoute('company', 'timetable_settings_edit_access'), async (request) => {
    const body = validate(companyWorkingHoursBodySchema, request.body)
    return success(
      await saveCompanyWorkingHours(db, requireMembership(request).companyId, body, auditOf(request)),
    )
  })

  app.get(
    '/company/:company/staff_working_hours',
    companyRoute('company', 'timetable_access'),
    async (request) => success(await listStaffWorkingHours(db, requireMembership(request).companyId)),
  )

  const editSchedule = companyRoute('company', 'timetable_schedule_edit_access')

  app.put(staffPath, editSchedule, async (request) => {
    const { staffId } = validate(staffWorkingHoursParamsSchema, request.params)
    const body = validate(staffWorkingHoursBodySchema, request.body)
    const { companyId, rights } = requireMembership(request)
    if (!(await mayReachStaff(db, rights, staffId))) throw new HttpError(404, EMPLOYEE_NOT_FOUND)
    return success(await saveStaffWorkingHours(db, companyId, staffId, body, auditOf(request)))
  })

  app.delete(staffPath, editSchedule, async (request) => {
    const { staffId } = validate(staffWorkingHoursParamsSchema, request.params)
    const { companyId, rights } = requireMembership(request)
    if (!(await mayReachStaff(db, rights, staffId))) throw new HttpError(404, EMPLOYEE_NOT_FOUND)
    return success(await dropStaffWorkingHours(db, companyId, staffId, auditOf(request)))
  })
}
