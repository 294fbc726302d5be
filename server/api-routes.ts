import type { FastifyInstance } from 'fastify'
import { analyticsRoutes } from './analytics/routes'
import { authRoutes } from './auth/routes'
import { companyRoutes } from './companies/routes'
import { healthRoutes } from './health/routes'

/** Every API route module; app.ts mounts this once under /api/v1 and once under /api/v2. */
export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes)
  await app.register(authRoutes)
  await app.register(companyRoutes)
  await app.register(analyticsRoutes)
}
