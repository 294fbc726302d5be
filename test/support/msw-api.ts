import { http, HttpResponse, type HttpHandler } from 'msw'
import { waitFor } from '@testing-library/react'
import { rightsForRole } from '../../contract/access/role-presets'
import { apiBase } from '../../src/api/client'
import type { TokenPair, User } from '../../contract/auth/schemas'
import type { Company } from '../../contract/companies/schemas'
import { ErrorCode } from '../../contract/error-codes'

export const anna: User = {
  id: 7,
  name: 'Anna',
  email: 'anna@example.com',
  phone: null,
  user_role: 'owner',
  page_flags: [],
}

export const salonOne: Company = {
  id: 1,
  title: 'Salon One',
  type: 'salon',
  main_group_id: null,
  country_id: 1,
  timezone: 'Europe/Moscow',
  currency_short_title: 'RUB',
  user_role: 'owner',
  position_id: null,
}
export const salonTwo: Company = { ...salonOne, id: 2, title: 'Salon Two' }

/** A successful envelope around `data`. */
export const ok = (data: unknown, init?: ResponseInit) =>
  HttpResponse.json({ success: true, data, meta: {} }, init)

/** A failure envelope as the specification gives it (SPEC.md section 8). */
export function fail(
  status: number,
  meta: { message?: string; errors?: Record<string, string[]> },
  code?: number,
) {
  return HttpResponse.json(
    {
      success: false,
      data: null,
      meta,
      ...(code === undefined ? {} : { errors: { code, message: meta.message ?? '' } }),
    },
    { status },
  )
}

export const tokenPair = (accessToken: string, user: User = anna): TokenPair => ({
  access_token: accessToken,
  token_type: 'Bearer',
  expires_in: 900,
  refresh_token: `refresh-${accessToken}`,
  user,
})

/** A request that a gate holds until the test answers it. */
export interface HeldRequest {
  path: string
  authorization: string | null
  body: unknown
  answer: (response: Response) => void
}

/**
 * Holds every request to one endpoint until the test step decides the reply, so the screen can be
 * checked while the call is in flight (a model state that awaits an actor).
 */
export function createGate(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  /** `once`: the gate holds only the first request; later ones go to the other handlers. */
  options: { once?: boolean } = {},
) {
  const held: HeldRequest[] = []
  let answered = 0
  const handler: HttpHandler = http[method](
    `${apiBase}${path}`,
    async ({ request }) => {
      const body: unknown =
        request.method === 'GET'
          ? undefined
          : await request
              .clone()
              .json()
              .catch(() => null)
      return new Promise<Response>((resolve) => {
        held.push({
          path: new URL(request.url).pathname,
          authorization: request.headers.get('authorization'),
          body,
          answer: resolve,
        })
      })
    },
    options,
  )
  return {
    handler,
    /** How many requests reached the endpoint so far. */
    get count() {
      return held.length
    },
    /** Waits for the next request not yet answered. */
    async next(): Promise<HeldRequest> {
      await waitFor(() => {
        if (held.length <= answered) throw new Error(`no request to ${method.toUpperCase()} ${path} yet`)
      })
      return held[answered]!
    },
    /** Answers the oldest held request. */
    async answer(response: Response): Promise<HeldRequest> {
      const request = await this.next()
      answered += 1
      request.answer(response)
      return request
    },
    /** Lets go of whatever is still held, so no fetch outlives its test. */
    release() {
      for (const request of held.slice(answered)) request.answer(HttpResponse.error())
      answered = held.length
    },
  }
}

export type Gate = ReturnType<typeof createGate>

type TokenState = 'valid' | 'expired' | 'revoked'

/**
 * A small fake of the API for screen tests: the calls a model step decides are gates; the company
 * reads answer by the state of the bearer token, like the real server (1001 expired, 1002 otherwise). The user is a
 * member of `companies` (Salon One and Salon Two unless a test names others).
 */
export function createFakeApi(companies: Company[] = [salonOne, salonTwo]) {
  const tokens = new Map<string, TokenState>()
  const gates = {
    signIn: createGate('post', '/auth'),
    session: createGate('post', '/auth/session'),
    refresh: createGate('post', '/jwt/refresh'),
    logout: createGate('post', '/auth/logout_session'),
  }
  function unauthorized(request: Request): Response | null {
    const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? ''
    const state = tokens.get(token)
    if (state === 'valid') return null
    if (state === 'expired')
      return fail(401, { message: 'Token expired' }, ErrorCode.tokenExpiredOrRateLimited)
    return fail(401, { message: 'Unauthorized' }, ErrorCode.tokenInvalid)
  }

  const handlers: HttpHandler[] = [
    ...Object.values(gates).map((gate) => gate.handler),
    http.get(`${apiBase}/companies`, ({ request }) => unauthorized(request) ?? ok(companies)),
    // The sign-in screen asks for the accounts remembered on this device and the last invite: none here.
    http.get(`${apiBase}/auth/fast_login_users`, () => ok([])),
    http.get(`${apiBase}/invites/last`, () => ok(null)),
    // Every workspace page asks whether support is acting as the user (the banner): a plain session here.
    http.get(
      `${apiBase}/auth/switch_user/state`,
      ({ request }) => unauthorized(request) ?? ok({ switched_from: null, may_switch: false }),
    ),
    http.get(`${apiBase}/company/:id/`, ({ request, params }) => {
      const company = companies.find((item) => item.id === Number(params.id))
      // One company comes with the user's rights object, as the server sends it.
      const withAccess = company && { ...company, access: rightsForRole(company.user_role) }
      return unauthorized(request) ?? (withAccess ? ok(withAccess) : fail(404, { message: 'Not found' }))
    }),
    // The overview's reads (the chains for the switcher, the setup checklist's lists): a company with nothing yet.
    http.get(`${apiBase}/groups`, ({ request }) => unauthorized(request) ?? ok([])),
    http.get(`${apiBase}/service_categories/:id/`, ({ request }) => unauthorized(request) ?? ok([])),
    http.get(`${apiBase}/services/:id/`, ({ request }) => unauthorized(request) ?? ok([])),
    http.get(`${apiBase}/companies/:id/staff`, ({ request }) => unauthorized(request) ?? ok([])),
    // The staff card, the rights editor and the book name the company's appointment groups: none yet.
    http.get(`${apiBase}/company/:id/record_groups`, ({ request }) => unauthorized(request) ?? ok([])),
    // The company's invitations, listed on the overview for members who may invite: none yet.
    http.get(`${apiBase}/company/:id/invites`, ({ request }) => unauthorized(request) ?? ok([])),
    http.get(
      `${apiBase}/company/:id/working_hours`,
      ({ request }) => unauthorized(request) ?? ok(workingHoursReply(false)),
    ),
  ]

  return {
    handlers,
    ...gates,
    /** Makes the server accept `token` from now on. */
    issue(token: string) {
      tokens.set(token, 'valid')
      return token
    },
    expire(token: string) {
      tokens.set(token, 'expired')
    },
    revoke(token: string) {
      tokens.set(token, 'revoked')
    },
    release() {
      for (const gate of Object.values(gates)) gate.release()
    },
  }
}

export type FakeApi = ReturnType<typeof createFakeApi>

/**
 * A failure envelope whose `errors` also carries the keys a code screen reads beside the code
 * (attempts_left, wait_period), as the server sends them (SPEC.md section 8).
 */
export function failWithDetails(
  status: number,
  { message, code, ...details }: { message: string; code?: number } & Record<string, unknown>,
) {
  return HttpResponse.json(
    {
      success: false,
      data: null,
      meta: { message },
      ...(code === undefined ? {} : { errors: { code, message, ...details } }),
    },
    { status },
  )
}

/**
 * The calls of the second factor, the password reset and invitations, each held until the test step
 * answers it. Use them after createFakeApi's handlers, so that GET /invites/last keeps its own answer.
 */
export function createSignInExtrasGates() {
  const gates = {
    verifySecondFactor: createGate('post', '/user/2fa/session/verify'),
    refreshSecondFactor: createGate('post', '/user/2fa/session/refresh'),
    totpSetup: createGate('post', '/user/2fa/totp/setup'),
    totpConfirm: createGate('post', '/user/2fa/totp/confirm'),
    sendResetCode: createGate('post', '/auth/send_code'),
    createResetToken: createGate('post', '/auth/create_token'),
    setNewPassword: createGate('post', '/auth/set_new_password'),
    invite: createGate('get', '/invites/:token'),
    acceptInvite: createGate('post', '/invites/:token/accept'),
    registerThroughInvite: createGate('post', '/user_invite_continue_register/:token'),
    createInvite: createGate('post', '/company/:id/invites'),
  }
  return {
    ...gates,
    handlers: Object.values(gates).map((gate) => gate.handler),
    release() {
      for (const gate of Object.values(gates)) gate.release()
    },
  }
}

export type SignInExtrasGates = ReturnType<typeof createSignInExtrasGates>

/** A salon's opening hours as the server answers them: Monday to Friday 10:00–20:00 when set, an empty week when not. */
export function workingHoursReply(set: boolean) {
  return {
    days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      intervals: set && weekday <= 5 ? [{ start: '10:00', end: '20:00' }] : [],
    })),
    is_set: set,
    timezone: 'Europe/Moscow',
  }
}
