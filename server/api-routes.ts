import type { FastifyInstance } from 'fastify'
import { analyticsRoutes } from './analytics/routes'
import { authRoutes } from './auth/routes'
import { accountAccessRoutes } from './auth/account-access-routes'
import { businessDataRoutes } from './business/business-data-routes'
import { staffServicesRoutes } from './business/staff-services-routes'
import { companyRoutes } from './companies/routes'
import { devOutboxRoutes } from './delivery/dev-outbox-routes'
import { devToolsRoutes } from './dev-tools/routes'
import { embeddingRoutes } from './embedding/routes'
import { flowReviewRoutes } from './flow-reviews/routes'
import { healthRoutes } from './health/routes'
import { onboardingRoutes } from './onboarding/routes'
import { onlineBookingRoutes } from './online-booking/routes'
import { onlineBookingStaffRoutes } from './online-booking/staff-routes'
import { frameOriginsRoutes } from './online-booking/frame-origins-routes'
import { recaptchaConfigRoutes } from './recaptcha/recaptcha-config-routes'
import { translationRoutes } from './translations/routes'
import { registerRouteAccess } from './http/route-access'

/** Every API route module; app.ts mounts this once under /api/v1 and once under /api/v2. */
export async function apiRoutes(app: FastifyInstance): Promise<void> {
  registerRouteAccess(app, app.routeAccessTable)
  // API replies hold tokens and personal data: no cache keeps them, unless a route says otherwise (references).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
    done(null, payload)
  })
  await app.register(healthRoutes)
  await app.register(authRoutes)
  await app.register(accountAccessRoutes)
  await app.register(companyRoutes)
  await app.register(analyticsRoutes)
  await app.register(embeddingRoutes)
  await app.register(businessDataRoutes)
  await app.register(staffServicesRoutes)
  await app.register(onboardingRoutes)
  await app.register(onlineBookingRoutes)
  await app.register(onlineBookingStaffRoutes)
  await app.register(frameOriginsRoutes)
  await app.register(recaptchaConfigRoutes)
  await app.register(translationRoutes)
  await app.register(flowReviewRoutes)
  // The outbox shows every code sent: it must not exist where real people receive codes.
  if (app.config.NODE_ENV !== 'production') {
    await app.register(devOutboxRoutes)
    await app.register(devToolsRoutes)
  }
}
