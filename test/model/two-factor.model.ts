import type { AnyEventObject } from 'xstate'
import { twoFactorMachine } from '../../machines/two-factor'
import { initEventType, startModelActor, type ModelActor } from '../support/model-actor-run'
import type { MachineModelOptions } from '../support/model-coverage'

/** A login session whose refresh countdown runs out after one tick, so the model reaches "may refresh". */
export const loginSession = {
  uuid: '11111111-2222-4333-8444-555555555555',
  flow: 'login',
  transport: { type: 'email', recipient: 't***@example.com' },
  refresh_ttl_sec: 1,
  attempts_left: 5,
} as const
// As the server sends it (server/auth/sign-in-outcome.ts): setting up is done with the authenticator app.
export const setupSession = {
  ...loginSession,
  uuid: '99999999-2222-4333-8444-555555555555',
  flow: 'totp_setup',
  transport: { type: 'totp', recipient: null },
} as const
export const refreshedSession = { ...loginSession, uuid: '22222222-2222-4333-8444-555555555555' } as const

export const user = {
  id: 9,
  name: 'Tanya',
  email: 'twofa@example.com',
  phone: null,
  user_role: null,
  page_flags: [],
}
export const tokenPair = {
  access_token: 'access-1',
  token_type: 'Bearer',
  expires_in: 900,
  refresh_token: 'refresh-1',
  user,
  redirect_url: null,
} as const
/** Sign-ins that asked to go somewhere: a path on this site is followed, anything else leads home. */
export const redirectedPair = { ...tokenPair, redirect_url: '/en/?company=2' } as const
export const offSitePair = { ...tokenPair, redirect_url: '//evil.example/steal' } as const

export const totpSetup = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/Salon:x?secret=JBSWY3DPEHPK3PXP',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
}
export const recoveryCodes = ['abcde-fghjk', 'mnpqr-stuvw']

/** The failures of SPEC.md section 8 as the API client rejects with them. */
export const failures = {
  invalid: {
    status: 422,
    code: 2001,
    message: 'invalid confirmation code',
    attemptsLeft: 4,
  },
  exhausted: { status: 429, code: 2002, message: 'limit exceeded', attemptsLeft: 0 },
  ended: { status: 410, message: 'The sign-in confirmation has ended. Please sign in again.' },
  tooEarly: { status: 429, code: 1001, message: 'limit exceeded', waitPeriod: 10 },
}

export const machine = twoFactorMachine

export const modelOptions: MachineModelOptions = {
  // The countdown decides whether a refresh may be asked for.
  distinguish: ({ context }) => context.secondsLeft === 0,
  events: {
    'xstate.done.actor.restoreSession': [
      { output: loginSession },
      { output: setupSession },
      { output: null },
    ],
    'xstate.error.actor.restoreSession': [{ error: new Error('storage unavailable') }],
    'xstate.after.1000.twoFactor.code.entering': [{}],
    'code.submitted': [{ code: ' 123456 ' }],
    'session.refresh': [{}],
    'xstate.done.actor.verifyCode': [
      { output: redirectedPair },
      { output: offSitePair },
      { output: { login_confirmation_session: refreshedSession } },
    ],
    'xstate.error.actor.verifyCode': [{ error: failures.invalid }, { error: failures.exhausted }],
    'xstate.done.actor.refreshSession': [{ output: { login_confirmation_session: refreshedSession } }],
    'xstate.error.actor.refreshSession': [{ error: failures.tooEarly }, { error: failures.ended }],
    'xstate.done.actor.loadTotpSetup': [{ output: totpSetup }],
    'xstate.error.actor.loadTotpSetup': [{ error: failures.ended }],
    'xstate.done.actor.confirmTotp': [{ output: { ...tokenPair, recovery_codes: recoveryCodes } }],
    'xstate.error.actor.confirmTotp': [{ error: failures.invalid }, { error: failures.exhausted }],
    'codes.acknowledged': [{}],
  },
}

/** A live twoFactor actor (deferred calls, simulated clock) that has taken `events` in order since it started. */
export async function twoFactorAfter(...events: AnyEventObject[]): Promise<ModelActor> {
  const run = startModelActor(twoFactorMachine)
  for (const event of [{ type: initEventType }, ...events]) await run.perform(event)
  return run
}

/** What restoring a stored session answers, as the event that settles the call. */
export const restored = (session: unknown) => ({ type: 'xstate.done.actor.restoreSession', output: session })
