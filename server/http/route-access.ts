import type { FastifyInstance, RouteOptions } from 'fastify'
import { authenticate } from './authenticate'

/** How a request reaches an API route. */
export interface RouteAccessEntry {
  method: string
  /** The path under the API prefix, with Fastify's parameter syntax: `/company/:id/staff`. */
  path: string
  access: 'public' | 'signed-in'
  /** The parameter naming the company whose membership the route requires (tenant isolation), if any. */
  companyParam: string | null
}

/**
 * The routes anyone may call without signing in, as `METHOD /path` under the API prefix. Every other API route
 * requires a valid access token: authentication is on by default, so a route left off this list by mistake
 * is closed, not open. Each entry says why it must be public.
 */
export const PUBLIC_API_ROUTES: ReadonlyMap<string, string> = new Map([
  ['GET /health', 'liveness probe of load balancers'],
  ['GET /health/ready', 'readiness probe of load balancers: tells only whether to send traffic here'],
  ['POST /auth', 'sign-in'],
  ['POST /auth/login/1', 'sign-in, legacy form; with fb_token, Facebook sign-in'],
  ['POST /auth/send_code', 'password reset: send a code'],
  ['POST /auth/reset', 'password reset, legacy form'],
  ['POST /auth/set_new_password', 'password reset: the code proves the contact'],
  ['POST /auth/switch_user', 'signing in as another user: the single-use switch token is the credential'],
  ['GET /auth/fast_login_users', 'fast sign-in: the accounts remembered on this device'],
  ['DELETE /auth/fast_login_user', 'fast sign-in: forget an account on this device'],
  ['POST /auth/create_token', 'password reset: exchange the code for a reset token'],
  ['POST /jwt/refresh', 'the refresh token is the credential'],
  ['POST /user/2fa/session/verify', 'second factor: the confirmation session is the credential'],
  ['POST /user/2fa/session/refresh', 'second factor: resend the code of a confirmation session'],
  [
    'POST /user/2fa/totp/setup',
    'second factor set-up during sign-in: the confirmation session is the credential',
  ],
  [
    'POST /user/2fa/totp/confirm',
    'second factor set-up during sign-in: the confirmation session is the credential',
  ],
  ['POST /analytics/events', 'anonymous visitors are counted too (the token is read when present)'],
  ['GET /invites/last', 'the invitation a visitor opened last (cookie)'],
  ['GET /invites/:token', 'the invitation token is the credential'],
  ['POST /invite_delete_last_invite_cookie', 'forgets the invitation cookie'],
  ['POST /user_invite_continue_register/:token', 'registering by invitation: the token is the credential'],
  ['GET /embedding/config', 'the admin application origins a frame may report to'],
  ['GET /onboarding/references', 'registration: reference data for the questionnaire'],
  ['GET /onboarding/recaptcha_config', 'registration: the CAPTCHA site key'],
  ['POST /onboarding/first', 'registration starts signed out (the token is read when present)'],
  ['GET /onboarding/progress/:id', 'registration: the progress cookie is the credential'],
  ['POST /onboarding/second/:id', 'registration step: the progress cookie is the credential'],
  ['POST /onboarding/third/:id', 'registration step: the progress cookie is the credential'],
  ['POST /onboarding/fourth/:id', 'registration step: the progress cookie is the credential'],
  ['POST /onboarding/fifth/:id', 'registration step: the progress cookie is the credential'],
  ['POST /onboarding/send_confirm_code/:id', 'registration step: the progress cookie is the credential'],
  ['POST /onboarding/confirm_code/:id', 'registration step: the progress cookie is the credential'],
  ['POST /onboarding/create_company/:id', 'registration step: the progress cookie is the credential'],
  ['POST /onboarding/join/:id', 'registration step: the progress cookie is the credential'],
  [
    'POST /onboarding/continue_register/create_company/:id',
    'registration step: the progress cookie is the credential',
  ],
  [
    'POST /onboarding/continue_register/accept_invites/:id',
    'registration step: the progress cookie is the credential',
  ],
  ['POST /onboarding/check_phone', 'registration: is this phone free'],
  [
    'GET /onboarding/invites',
    'registration: invitations for the confirmed contact (the token is read when present)',
  ],
  ['GET /b2c/chain/:chainId', "online booking: a chain's salons that book online (limited per address)"],
  ['GET /b2c/:companyId', "online booking: the salon's public page (online services and their staff)"],
  ['GET /b2c/:companyId/free_times', 'online booking: free start times, without whose they are'],
  [
    'POST /b2c/:companyId/requests',
    'online booking: sends a code to the client (limited per address and phone)',
  ],
  ['POST /b2c/:companyId/requests/:requestId/resend', 'online booking: the unguessable request id'],
  ['POST /b2c/:companyId/requests/:requestId/confirm', 'online booking: the code sent to the client'],
  ['GET /b2c/booking/:token', 'online booking: the cancellation link token is the credential'],
  ['POST /b2c/booking/:token/cancel', 'online booking: the cancellation link token is the credential'],
  ['GET /countries', 'reference data'],
  ['GET /countries/:id/states', 'reference data'],
  ['GET /cities', 'reference data'],
  ['GET /city/search', 'reference data'],
  ['GET /city/:id', 'reference data'],
  ['GET /references/business_groups_with_types', 'reference data'],
  ['GET /references/kkm_integration', 'reference data'],
  ['GET /dev/outbox', 'development only: the messages sent'],
  ['GET /dev/tools', 'development only: which development tools exist'],
])

const routeKey = (method: string, path: string) => `${method} ${path}`

/**
 * Authentication on by default: every API route not on PUBLIC_API_ROUTES gets the `authenticate` preHandler
 * first (unless it already has it). Each route is recorded in `table`, so tests can check every route's access
 * and isolation without a list of their own going stale. Register before the route modules.
 */
export function registerRouteAccess(app: FastifyInstance, table: RouteAccessEntry[]): void {
  app.addHook('onRoute', (route: RouteOptions & { prefix?: string }) => {
    const path = route.url.slice(route.prefix?.length ?? 0) || '/'
    const methods = [route.method].flat().map(String)
    // Fastify adds a HEAD route beside every GET; it is public exactly when the GET is.
    const publicRoute = methods.every((method) =>
      PUBLIC_API_ROUTES.has(routeKey(method === 'HEAD' ? 'GET' : method, path)),
    )
    const handlers = [route.preHandler ?? []].flat()
    if (!publicRoute && !handlers.includes(authenticate)) route.preHandler = [authenticate, ...handlers]
    const guard = handlers.find((handler) => 'companyParam' in handler) as
      { companyParam?: string } | undefined
    for (const method of methods) {
      table.push({
        method,
        path,
        access: publicRoute ? 'public' : 'signed-in',
        companyParam: guard?.companyParam ?? null,
      })
    }
  })
}
