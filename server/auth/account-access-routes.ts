import type { FastifyInstance } from 'fastify'
import { inviteRoutes } from '../invites/routes'
import { passwordResetRoutes } from '../password-reset/routes'
import { twoFactorRoutes } from '../twofa/routes'
import { accountRoutes } from './account-routes'
import { accountSessionRoutes } from './account-session-routes'

/** What keeps an account reachable beyond the password: the second factor, password reset, invitations and account settings. */
export async function accountAccessRoutes(app: FastifyInstance): Promise<void> {
  await app.register(twoFactorRoutes)
  await app.register(passwordResetRoutes)
  await app.register(inviteRoutes)
  await app.register(accountRoutes)
  await app.register(accountSessionRoutes)
}
