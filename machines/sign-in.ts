import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { sameSitePath } from '../contract/same-site-path'
import { callFailureOf } from './call-failure'
import { classifySignInFailure, type SignInFailureClass } from './sign-in-failure'
import type { ConfirmationSession } from './auth-flow-types'
import type { SessionUser } from './session'

export interface Credentials {
  login: string
  password: string
  /** A solved robot check, once the server asked for one. */
  recaptchaToken?: string
}

/** The form field the server names when it asks for a robot check before it evaluates more sign-ins. */
export const RECAPTCHA_FIELD = 'google_recaptcha_v2_token'

export interface SignInFailure {
  failureClass: SignInFailureClass
  /** The message to show, already taken from the reply in the order of SPEC.md section 8. */
  message: string | null
}

/**
 * What a sign-in call answers: the signed-in user (with the path the sign-in asked to return to, when the
 * server accepted one), or a login confirmation session when a second factor is required (the app also turns
 * the two-factor secret error into one, with flow 'totp_setup').
 */
export type SignInOutcome =
  (SessionUser & { redirect_url?: string | null }) | { login_confirmation_session: ConfirmationSession }

export type SignInEvent =
  | { type: 'credentials.submitted'; login: string; password: string; recaptchaToken?: string }
  | { type: 'credentials.edited' }

const hasCredentials = (credentials: Credentials) =>
  credentials.login.trim().length > 0 && credentials.password.length > 0

/**
 * Signing in with a login (e-mail or phone) and a password. Empty fields never reach the server
 * (SPEC.md section 5: a login call without them is a fatal error); every failure is classified for
 * analytics; success hands the user to the session, whose state then takes the user home.
 */
export const signInMachine = setup({
  types: {
    context: {} as {
      failure: SignInFailure | null
      /** The server asked for a robot check (past a sign-in limit, with reCAPTCHA configured). */
      recaptchaRequested: boolean
    },
    events: {} as SignInEvent,
  },
  actors: {
    /** Calls the sign-in endpoint and answers the signed-in user; rejects with the API error. */
    submitCredentials: fromPromise<SignInOutcome, Credentials>(async () => {
      throw new Error('submitCredentials is supplied by the app')
    }),
  },
  actions: {
    /** Hands the new session to the session machine; redirectTo is where the user goes instead of home. */
    startSession: (_, _params: { user: SessionUser; redirectTo: string | null }) => {},
    /** Hands the login confirmation session to the second-factor flow (machines/two-factor.ts). */
    startTwoFactor: (_, _params: { session: ConfirmationSession }) => {},
    /** Reports the failure class to analytics. */
    reportFailure: (_, _params: { failureClass: SignInFailureClass }) => {},
  },
  guards: {
    hasCredentials: ({ event }) => event.type === 'credentials.submitted' && hasCredentials(event),
    needsSecondFactor: (_, params: { outcome: SignInOutcome }) =>
      'login_confirmation_session' in params.outcome,
  },
}).createMachine({
  id: 'signIn',
  context: { failure: null, recaptchaRequested: false },
  initial: 'form',
  states: {
    form: {
      description: 'The sign-in form',
      initial: 'editing',
      // Submitting empty fields fails locally, without a call.
      on: {
        'credentials.submitted': [
          {
            description: 'The user signs in with both fields filled',
            guard: 'hasCredentials',
            target: 'submitting',
          },
          {
            description: 'The user signs in with an empty field',
            target: '.failed',
            reenter: true,
            actions: [
              assign({ failure: { failureClass: 'local', message: null } }),
              { type: 'reportFailure', params: { failureClass: 'local' } },
            ],
          },
        ],
      },
      states: {
        editing: {
          description: 'The user enters a login and password',
          meta: { route: '/signin/$hash', area: 'public' },
          entry: assign({ failure: null }),
        },
        failed: {
          description: 'The form shows why the sign-in failed',
          meta: { route: '/signin/$hash', area: 'public' },
          on: {
            'credentials.edited': {
              target: 'editing',
              description: 'The user corrects the login or password',
            },
          },
        },
      },
    },
    submitting: {
      description: 'The login and password are being checked',
      meta: { route: '/signin/$hash', area: 'public' },
      invoke: {
        id: 'submitCredentials',
        src: 'submitCredentials',
        input: ({ event }) => {
          assertEvent(event, 'credentials.submitted')
          const credentials: Credentials = { login: event.login.trim(), password: event.password }
          if (event.recaptchaToken) credentials.recaptchaToken = event.recaptchaToken
          return credentials
        },
        onDone: [
          {
            description: 'a second factor is needed',
            guard: { type: 'needsSecondFactor', params: ({ event }) => ({ outcome: event.output }) },
            target: 'twoFactorRequired',
            actions: {
              type: 'startTwoFactor',
              params: ({ event }) => ({
                session: (event.output as { login_confirmation_session: ConfirmationSession })
                  .login_confirmation_session,
              }),
            },
          },
          {
            description: 'the user is signed in',
            target: 'signedIn',
            actions: {
              type: 'startSession',
              params: ({ event }) => {
                const { id, name, redirect_url } = event.output as SessionUser & {
                  redirect_url?: string | null
                }
                // Only a path on this site is followed, whatever the reply says.
                return { user: { id, name }, redirectTo: sameSitePath(redirect_url) }
              },
            },
          },
        ],
        onError: {
          description: 'the form shows why',
          target: 'form.failed',
          actions: [
            assign({
              failure: ({ event }) => ({
                failureClass: classifySignInFailure(event.error),
                message: callFailureOf(event.error).message,
              }),
              // Once asked for, the robot check stays on the form until the flow ends.
              recaptchaRequested: ({ context, event }) =>
                context.recaptchaRequested || RECAPTCHA_FIELD in callFailureOf(event.error).fieldErrors,
            }),
            {
              type: 'reportFailure',
              params: ({ event }) => ({ failureClass: classifySignInFailure(event.error) }),
            },
          ],
        },
      },
    },
    signedIn: { description: 'The user is signed in', type: 'final', tags: ['success'] },
    /** A second factor is required: the twoFactor flow takes over at /signin/2fa. */
    twoFactorRequired: {
      description: 'The user confirms the sign-in with a second factor',
      type: 'final',
      meta: { route: '/signin/2fa', area: 'public' },
    },
  },
})
