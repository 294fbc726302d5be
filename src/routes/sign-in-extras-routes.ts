import { inviteRoute } from './invite-route'
import {
  resetChangePasswordRoute,
  resetConfirmCodeRoute,
  resetIndexRoute,
  resetPasswordRoute,
  resetSendCodeRoute,
} from './reset-password-route'
import { twoFactorRoute } from './two-factor-route'

/** The routes of the second factor, the password reset and invitations, for the router's tree. */
export const signInExtrasRouteTree = [
  twoFactorRoute,
  resetPasswordRoute.addChildren([
    resetIndexRoute,
    resetSendCodeRoute,
    resetConfirmCodeRoute,
    resetChangePasswordRoute,
  ]),
  inviteRoute,
] as const
