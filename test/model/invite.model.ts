import { inviteMachine } from '../../machines/invite'
import type { MachineModelOptions } from '../support/model-coverage'

export const pendingInvite = {
  status: 'pending',
  company_title: 'Northern Barbers',
  inviter_name: 'Oleg Other',
  role: 'specialist',
  email: 'newbie@example.com',
  phone: null,
  expires_at: '2030-01-01T00:00:00.000Z',
} as const

export const form = {
  name: 'Nick',
  phone: '79002223344',
  email: 'newbie@example.com',
  password: 'a long password',
  confirm_password: 'a long password',
  oferta: true,
  confidential: true,
  info_notifications: false,
} as const

export const tokenPair = {
  access_token: 'access-1',
  token_type: 'Bearer',
  expires_in: 900,
  refresh_token: 'refresh-1',
  user: {
    id: 5,
    name: 'Nick',
    email: 'newbie@example.com',
    phone: '79002223344',
    user_role: null,
    page_flags: [],
  },
  redirect_url: null,
} as const

/** The company a member joins by accepting (the fake API's second salon, so its home is told apart). */
export const joinedCompanyId = 2

export const failures = {
  unknown: { status: 404, message: 'Invitation not found' },
  used: { status: 409, message: 'This invitation has already been used' },
  expired: { status: 410, message: 'This invitation has expired' },
  revoked: { status: 410, message: 'This invitation was withdrawn' },
  invalid: {
    status: 422,
    message: 'Validation failed',
    fieldErrors: { email: ['Use the e-mail the invitation was sent to'] },
  },
  network: { status: 0, isRequestError: true },
}

export const machine = inviteMachine

export const modelOptions: MachineModelOptions = {
  input: { token: 'invite-token' },
  events: {
    'xstate.done.actor.loadInvite': [
      { output: { invite: pendingInvite, signedIn: false } },
      { output: { invite: pendingInvite, signedIn: true } },
      { output: { invite: { ...pendingInvite, status: 'accepted' }, signedIn: false } },
      { output: { invite: { ...pendingInvite, status: 'expired' }, signedIn: true } },
    ],
    'xstate.error.actor.loadInvite': [{ error: failures.unknown }],
    'registration.submitted': [{ form }],
    'invite.signInChosen': [{}],
    'xstate.done.actor.register': [{ output: tokenPair }],
    'xstate.error.actor.register': [{ error: failures.invalid }, { error: failures.used }],
    'invite.accept': [{}],
    'xstate.done.actor.acceptInvite': [{ output: { company_id: joinedCompanyId, role: 'specialist' } }],
    'xstate.error.actor.acceptInvite': [{ error: failures.revoked }, { error: failures.network }],
  },
}
