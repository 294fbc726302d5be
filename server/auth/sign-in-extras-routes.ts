import type { FastifyInstance } from 'fastify'
import { inviteRoutes } from '../invites/routes'
import { passwordResetRoutes } from '../password-reset/routes'
import { twoFactorRoutes } from '../twofa/routes'
import { accountRoutes } from './account-routes'

/** Everything around sign-in beyond the password (issue 4), mounted by api-routes.ts with one line. */
export async function signInExtrasRoutes(app: FastifyInstance): Promise<void> {
  await app.register(twoFactorRoutes)
  await app.register(passwordResetRoutes)
  await app.register(inviteRoutes)
  await app.register(accountRoutes)
}
