import type { FastifyInstance } from 'fastify'
import { chainServiceRoutes } from './chain-services/routes'
import { imageRoutes } from './images/routes'
import { labelRoutes } from './labels/routes'
import { positionRoutes } from './positions/routes'
import { recordGroupRoutes } from './record-groups/routes'
import { rightsRoutes } from './rights/routes'
import { serviceCategoryRoutes } from './service-categories/routes'
import { serviceRoutes } from './services/routes'
import { staffRoutes } from './staff/routes'

/** Staff, positions, appointment groups, services, categories, the chain's catalogue, labels, images and members' rights of a company. */
export async function staffServicesRoutes(app: FastifyInstance): Promise<void> {
  await app.register(staffRoutes)
  await app.register(positionRoutes)
  await app.register(recordGroupRoutes)
  await app.register(serviceRoutes)
  await app.register(serviceCategoryRoutes)
  await app.register(chainServiceRoutes)
  await app.register(labelRoutes)
  await app.register(imageRoutes)
  await app.register(rightsRoutes)
}
