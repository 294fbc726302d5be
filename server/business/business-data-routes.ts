import type { FastifyInstance } from 'fastify'
import { accountRoutes } from './accounts/routes'
import { attendancePinRoutes } from './attendance-pins/routes'
import { clientCategoryRoutes } from './client-categories/routes'
import { clientRoutes } from './clients/routes'
import { customFieldRoutes } from './custom-fields/routes'
import { goodsRoutes } from './goods/routes'
import { groupRoutes } from './groups/routes'
import { kkmRoutes } from './kkm/routes'
import { licenseRoutes } from './license/routes'
import { paymentMethodRoutes } from './payment-methods/routes'
import { resourceRoutes } from './resources/routes'
import { salaryRoutes } from './salary/routes'
import { storageRoutes } from './storages/routes'
import { timetableRoutes } from './timetable/routes'
import { unitRoutes } from './units/routes'
import { workingHoursRoutes } from './working-hours/routes'
import { appointmentRoutes } from './appointments/routes'

/**
 * The company data of the business side that is not staff or services: licence, finances settings, resources,
 * storages and goods, client categories, the client base, custom fields, cash-desk pins, timetable settings, working hours,
 * reference data.
 */
export async function businessDataRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    groupRoutes,
    storageRoutes,
    accountRoutes,
    resourceRoutes,
    unitRoutes,
    clientCategoryRoutes,
    clientRoutes,
    paymentMethodRoutes,
    salaryRoutes,
    licenseRoutes,
    attendancePinRoutes,
    customFieldRoutes,
    goodsRoutes,
    timetableRoutes,
    workingHoursRoutes,
    appointmentRoutes,
    kkmRoutes,
  ]) {
    await app.register(routes)
  }
}
