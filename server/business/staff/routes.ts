import { and, eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  companyQuerySchema,
  restoreParamsSchema,
  staffAccessesSchema,
  staffChangeNameSchema,
  staffDeleteSchema,
  staffFireSchema,
  staffListQuerySchema,
  staffNotificationsChangeSchema,
  staffParamsSchema,
  staffPatchSchema,
  staffQuickCreateSchema,
  staffSearchQuerySchema,
  staffServiceParamsSchema,
  staffServicesLinkSchema,
  staffServicesUnlinkSchema,
  staffServiceUpdateSchema,
  staffSortSchema,
} from '../../../contract/staff/schemas'
import { loadMembership, requireCompanyAccess, requireMembership } from '../../access/company-access'
import { staff } from '../../db/schema'
import { authenticate, requireAuth } from '../../http/authenticate'
import { success } from '../../http/envelope'
import { HttpError } from '../../http/http-error'
import { validate } from '../../http/validate'
import { requireCompanyMember } from '../rights/member-access'
import { loadEmployee, loadEmployees } from './employee-view'
import { staffFilterConditions } from './staff-filters'
import { deleteStaff, fireStaff, restoreStaff } from './staff-lifecycle'
import { EMPLOYEE_NOT_FOUND, loadStaffForRequest, reachableStaffCondition } from './staff-scope'
import {
  linkStaffServices,
  listStaffServices,
  unlinkStaffServices,
  updateStaffService,
} from './staff-service-links'
import {
  listStaffUsers,
  notificationsOf,
  patchStaff,
  quickCreateStaff,
  removableSalons,
  salarySchemesCount,
  saveNotifications,
  searchStaff,
  sortStaff,
} from './staff-store'

const staffId = (request: FastifyRequest) => validate(staffParamsSchema, request.params).id

/**
 * Staff calls (SPEC.md section 7, "Staff"). Reading the staff list takes only membership, since the timetable
 * shows every colleague; each change takes its settings_master_* flag. Paths without a company resolve it from
 * the employee's row, or read it from the body or query (docs/decisions.md).
 */
export async function staffRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app
  const signedIn = { preHandler: authenticate }

  const list = async (request: FastifyRequest) => {
    const query = validate(staffListQuerySchema, request.query)
    const includePosition = query.include.includes('position')
    const membership = requireMembership(request)
    const employees = await loadEmployees(
      db,
      membership.companyId,
      and(staffFilterConditions(query), reachableStaffCondition(membership.rights)),
      {
        includePosition,
      },
    )
    return success(employees, { count: employees.length })
  }
  const member = { preHandler: [authenticate, requireCompanyAccess()] }
  app.get('/companies/:id/staff', member, list)
  app.get('/company/:id/staff', member, list)

  app.get('/staff/users', signedIn, async (request) => {
    const query = validate(companyQuerySchema, request.query)
    await requireCompanyMember(request, query.company_id, { flag: 'settings_master_access' })
    return success(await listStaffUsers(db, query.company_id))
  })

  app.get('/staff/search', signedIn, async (request) => {
    const query = validate(staffSearchQuerySchema, request.query)
    const membership = await requireCompanyMember(request, query.company_id)
    return success(
      await searchStaff(
        db,
        query.company_id,
        query.term,
        query.limit,
        reachableStaffCondition(membership.rights),
      ),
    )
  })

  app.get('/staff/:id', signedIn, async (request) => {
    const { row } = await loadStaffForRequest(request, staffId(request))
    return success(await loadEmployee(db, row.companyId, row.id))
  })

  app.get('/staff/:id/available_remove_salons', signedIn, async (request) => {
    const { row } = await loadStaffForRequest(request, staffId(request), {
      flag: 'settings_master_delete_access',
    })
    const userId = requireAuth(request).userId
    const salons = await removableSalons(db, row, async (companyId) => {
      const membership = await loadMembership(db, userId, companyId)
      return membership?.rights.settings_master_delete_access === true
    })
    return success(salons)
  })

  app.post('/staff/quick', signedIn, async (request: FastifyRequest, reply: FastifyReply) => {
    const body = validate(staffQuickCreateSchema, request.body)
    await requireCompanyMember(request, body.company_id, { flag: 'settings_master_create_access' })
    reply.status(201)
    return success(await quickCreateStaff(db, body))
  })

  app.post('/staff/sort', signedIn, async (request) => {
    const body = validate(staffSortSchema, request.body)
    await requireCompanyMember(request, body.company_id, { flag: 'settings_master_edit_access' })
    return success(await sortStaff(db, body.company_id, body.sort))
  })

  app.get('/staff/:id/services', signedIn, async (request) => {
    const { row } = await loadStaffForRequest(request, staffId(request))
    return success(await listStaffServices(db, row))
  })

  const servicesFlag = { flag: 'settings_master_services_access', writable: true } as const
  app.post('/staff/:id/services', signedIn, async (request) => {
    const { row } = await loadStaffForRequest(request, staffId(request), servicesFlag)
    const body = validate(staffServicesLinkSchema, request.body)
    return success(await linkStaffServices(db, row, body.services))
  })

  app.post('/staff/:id/services/unlink', signedIn, async (request) => {
    const { row } = await loadStaffForRequest(request, staffId(request), servicesFlag)
    const body = validate(staffServicesUnlinkSchema, request.body)
    return success(await unlinkStaffServices(db, row, body.service_ids))
  })

  app.put('/staff/:id/services/:serviceId', signedIn, async (request) => {
    const params = validate(staffServiceParamsSchema, request.params)
    const { row } = await loadStaffForRequest(request, params.id, servicesFlag)
    const body = validate(staffServiceUpdateSchema, request.body)
    return success(await updateStaffService(db, row, params.serviceId, body))
  })

  app.get('/staff/:id/notifications', signedIn, async (request) => {
    const { row } = await loadStaffForRequest(request, staffId(request), {
      flag: 'settings_master_notifications_access',
    })
    return success(notificationsOf(row))
  })

  app.put('/staff/:id/notifications', signedIn, async (request) => {
    const { row } = await loadStaffForRequest(request, staffId(request), {
      flag: 'settings_master_notifications_access',
      writable: true,
    })
    const body = validate(staffNotificationsChangeSchema, request.body)
    return success(await saveNotifications(db, row, body))
  })

  app.get('/staff/:id/salary_schemes_count', signedIn, async (request) => {
    const { row } = await loadStaffForRequest(request, staffId(request), { flag: 'finances_salary_access' })
    return success({ count: await salarySchemesCount(db, row) })
  })

  app.put('/staff/:id/accesses', signedIn, async (request) => {
    const { row } = await loadStaffForRequest(request, staffId(request), {
      flag: 'settings_master_accesses_access',
      writable: true,
    })
    const body = validate(staffAccessesSchema, request.body)
    await db.update(staff).set({ hasAccessTimetable: body.flag }).where(eq(staff.id, row.id))
    return success(await loadEmployee(db, row.companyId, row.id))
  })

  const editFlag = { flag: 'settings_master_edit_access', writable: true } as const
  app.put('/staff/:id/change_name', signedIn, async (request) => {
    const { row } = await loadStaffForRequest(request, staffId(request), editFlag)
    const body = validate(staffChangeNameSchema, request.body)
    return success(await patchStaff(db, row, { name: body.name }))
  })

  app.patch('/staff/:id', signedIn, async (request) => {
    const { row } = await loadStaffForRequest(request, staffId(request), editFlag)
    const body = validate(staffPatchSchema, request.body)
    return success(await patchStaff(db, row, body))
  })

  const fire = async (request: FastifyRequest) => {
    const body = validate(staffFireSchema, request.body)
    const { row } = await loadStaffForRequest(request, body.staff_id, {
      flag: 'settings_master_dismiss_access',
      writable: true,
    })
    return success(await fireStaff(db, row, body))
  }
  app.post('/settings/master/fire/', signedIn, fire)
  app.post('/settings/master/fire', signedIn, fire)

  const restore = async (request: FastifyRequest) => {
    const params = validate(restoreParamsSchema, request.params)
    // The company in the path must be the employee's own: a mismatch is answered like a missing employee.
    await requireCompanyMember(request, params.company, { notFoundMessage: EMPLOYEE_NOT_FOUND })
    const [row] = await db
      .select()
      .from(staff)
      .where(and(eq(staff.id, params.id), eq(staff.companyId, params.company)))
    if (!row) throw new HttpError(404, EMPLOYEE_NOT_FOUND)
    const { row: checked } = await loadStaffForRequest(request, row.id, {
      flag: 'settings_master_dismiss_access',
    })
    return success(await restoreStaff(db, checked))
  }
  app.post('/settings/master/restore/:company/:id', signedIn, restore)
  app.post('/settings/master/restore/:company/:id/', signedIn, restore)

  const remove = async (request: FastifyRequest) => {
    const body = validate(staffDeleteSchema, request.body)
    const { row } = await loadStaffForRequest(request, body.staff_id, {
      flag: 'settings_master_delete_access',
      writable: true,
    })
    return success(await deleteStaff(db, row, body.user_delete))
  }
  app.post('/settings/master/delete/', signedIn, remove)
  app.post('/settings/master/delete', signedIn, remove)
}
