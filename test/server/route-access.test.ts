import { describe, expect, it } from 'vitest'
import { PUBLIC_API_ROUTES, type RouteAccessEntry } from '../../server/http/route-access'
import { bearer, json, testDatabases, useTestServer } from '../support/server-harness'
import { demoCompanies } from './business-api-helpers'

/**
 * Signed-in routes that name no company, with where their isolation is proven: either they act only on the
 * caller's own account, or they take a foreign id and a suite shows that another company's id is refused.
 * A new route that is neither public, nor company-guarded, nor listed here fails the last test below.
 */
const ISOLATION_ELSEWHERE: Record<string, string> = {
  'POST /auth/session': 'own account only',
  'POST /auth/logout_session': 'own session only',
  'POST /auth/switch_user/token': 'superuser only: switch-user.test.ts',
  'GET /auth/switch_user/users': 'support only: switch-user-return.test.ts',
  'GET /auth/switch_user/state': "the caller's own session only",
  'POST /auth/switch_user/return': "the caller's switched session only: switch-user-return.test.ts",
  'GET /user/sessions': "the caller's own sessions: account-sessions.test.ts",
  'DELETE /user/sessions/:sessionId': "another user's session is 404: account-sessions.test.ts",
  'POST /user/sessions/end_others': "the caller's own sessions: account-sessions.test.ts",
  'GET /user/2fa': 'own account only',
  'POST /translations/missing': 'product-wide, no company data; translators only: translation-keys.test.ts',
  'GET /translations/missing': 'product-wide, no company data; translators only: translation-keys.test.ts',
  'PUT /user/2fa': 'own account only',
  'GET /flow_reviews': 'product-wide, no company data; reviewers only: flow-reviews.test.ts',
  'GET /flow_reviews/:machineId': 'product-wide, no company data; reviewers only: flow-reviews.test.ts',
  'POST /flow_reviews/:machineId/comments': 'product-wide, no company data: flow-reviews.test.ts',
  'PATCH /flow_reviews/:machineId/comments/:commentId': 'product-wide, no company data: flow-reviews.test.ts',
  'PUT /flow_reviews/:machineId/review': 'product-wide, no company data: flow-reviews.test.ts',
  'GET /companies': "the caller's own companies: companies.test.ts",
  'GET /company/:id': 'foreign company 404: companies.test.ts',
  'GET /company/:id/': 'foreign company 404: companies.test.ts',
  'GET /groups': "the caller's own chains: business-groups.test.ts",
  'GET /chain/:groupId/service_categories': 'foreign chain refused: business-groups.test.ts',
  'GET /chain/:groupId/services': 'foreign chain refused: chain-catalogue.test.ts',
  'POST /chain/:groupId/services': 'foreign chain refused: chain-catalogue.test.ts',
  'GET /chain/:groupId/services/:id': 'foreign chain service refused: chain-catalogue.test.ts',
  'PUT /chain/:groupId/services/:id': 'foreign chain service refused: chain-catalogue.test.ts',
  'DELETE /chain/:groupId/services/:id': 'foreign chain service refused: chain-catalogue.test.ts',
  'POST /embedding/parent_token': 'own account only: embedding.test.ts',
  'POST /invites/:token/accept': 'the invitation token names the company: invites.test.ts',
  'GET /staff/users': 'foreign staff refused: business-staff.test.ts',
  'GET /staff/search': 'foreign company refused: business-staff.test.ts',
  'POST /staff/sort': 'foreign staff refused: business-staff.test.ts',
  'POST /staff/quick': 'foreign company refused: business-staff.test.ts',
  'GET /staff/:id': 'foreign staff refused: business-staff.test.ts',
  'PATCH /staff/:id': 'foreign staff refused: business-staff.test.ts',
  'GET /staff/:id/available_remove_salons': 'foreign staff refused: business-staff.test.ts',
  'PUT /staff/:id/accesses': 'foreign staff refused: business-staff.test.ts',
  'GET /staff/:id/services': 'foreign staff refused: business-staff-services-isolation.test.ts',
  'POST /staff/:id/services': 'foreign staff refused: business-staff-services-isolation.test.ts',
  'POST /staff/:id/services/unlink': 'foreign staff refused: business-staff-services-isolation.test.ts',
  'PUT /staff/:id/services/:serviceId': 'foreign staff refused: business-staff-services-isolation.test.ts',
  'GET /staff/:id/salary_schemes_count': 'foreign staff refused: business-staff.test.ts',
  'GET /staff/:id/notifications': 'foreign staff refused: business-staff.test.ts',
  'PUT /staff/:id/notifications': 'foreign staff refused: business-staff.test.ts',
  'PUT /staff/:id/change_name': 'foreign staff refused: business-staff.test.ts',
  'POST /settings/master/fire': 'foreign staff refused: business-staff.test.ts',
  'POST /settings/master/fire/': 'foreign staff refused: business-staff.test.ts',
  'POST /settings/master/delete': 'foreign staff refused: business-staff.test.ts',
  'POST /settings/master/delete/': 'foreign staff refused: business-staff.test.ts',
  'POST /settings/master/restore/:company/:id': 'foreign salon refused: business-staff.test.ts',
  'POST /settings/master/restore/:company/:id/': 'foreign salon refused: business-staff.test.ts',
  'POST /settings/employee/image/upload': 'foreign staff refused: business-staff.test.ts',
  'DELETE /staff/:id/avatar': 'foreign staff refused: employee-avatar-renditions.test.ts',
  'POST /resource_instances/loadFreeResourceInstances':
    'foreign salon refused: business-data-isolation.test.ts',
}

/** A request path with every parameter filled: the company parameter with `companyId`, the rest with 1. */
function pathOf(route: RouteAccessEntry, companyId: number): string {
  return route.path.replace(/:(\w+)(\|:\w+)?/g, (_whole, name: string) =>
    name === route.companyParam ? String(companyId) : '1',
  )
}

describe.each(testDatabases())('route access (%s)', (kind) => {
  const server = useTestServer(kind)
  const routes = () => {
    const seen = new Map<string, RouteAccessEntry>()
    for (const route of server.app.routeAccessTable) {
      if (route.method !== 'HEAD') seen.set(`${route.method} ${route.path}`, route)
    }
    return [...seen.values()]
  }
  const inject = (route: RouteAccessEntry, path: string, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: route.method as 'GET',
      url: `/api/v1${path}`,
      headers,
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    })

  it('refuses every route off the public list without a token, before it reads anything', async () => {
    const signedIn = routes().filter((route) => route.access === 'signed-in')
    expect(signedIn.length).toBeGreaterThan(60)
    for (const route of signedIn) {
      const response = await inject(route, pathOf(route, 1))
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(401)
      expect(json(response).errors?.code, `${route.method} ${route.path}`).toBe(1002)
    }
  })

  it('lists only public routes that exist', () => {
    const existing = new Set(routes().map((route) => `${route.method} ${route.path}`))
    for (const key of PUBLIC_API_ROUTES.keys()) expect(existing, key).toContain(key)
  })

  it("answers every company-guarded route about another company's id with 404, as if it did not exist", async () => {
    const companies = await demoCompanies(server)
    const guarded = routes().filter((route) => route.companyParam !== null)
    expect(guarded.length).toBeGreaterThan(40)
    for (const route of guarded) {
      for (const foreignId of [companies.tverskaya, 999_999_999]) {
        const response = await inject(route, pathOf(route, foreignId), bearer(companies.otherToken))
        expect(response.statusCode, `${route.method} ${pathOf(route, foreignId)}`).toBe(404)
      }
    }
  })

  it('places every other signed-in route: it acts on its caller only, or a suite proves its isolation', () => {
    const unguarded = routes()
      .filter((route) => route.access === 'signed-in' && route.companyParam === null)
      .map((route) => `${route.method} ${route.path}`)
    expect(unguarded.sort()).toEqual(Object.keys(ISOLATION_ELSEWHERE).sort())
  })
})
