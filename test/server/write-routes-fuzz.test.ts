import { randomBytes } from 'node:crypto'
import { and, eq, ne } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  companyUsers,
  customFields,
  goodCategories,
  labels,
  positions,
  resourceInstances,
  resources,
  serviceCategories,
  services,
  staff,
} from '../../server/db/schema'
import {
  bearer,
  createTestServer,
  randomIp,
  signIn,
  testDatabases,
  type TestServer,
} from '../support/server-harness'
import {
  fromSchema,
  hostileParam,
  shapelessBody,
  withOneHostileValue,
  type RealIds,
  type SchemaShape,
} from '../support/schema-arbitraries'
import { demoCompanyRows } from './business-api-helpers'

/*
 * Property: no request to a write route answers 500, whatever its body and path. Every POST, PUT, PATCH and
 * DELETE route of the running app is fuzzed (a new route is picked up without touching this file), signed in as
 * the demo owner with real ids in the path. Bodies come from the route's own shared schema where the route
 * reveals it (a probe request records the schemas validate() is called with), with hostile values mixed in at
 * every field, and from arbitrary JSON and hostile shapes otherwise. About 15 s per database; FUZZ_RUNS and
 * FUZZ_SEED make a longer or another run.
 */

const probe = vi.hoisted(() => ({ calls: [] as { schema: unknown; input: unknown }[] }))
vi.mock('../../server/http/validate', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../server/http/validate')>()
  return {
    ...original,
    validate: (schema: Parameters<typeof original.validate>[0], input: unknown) => {
      probe.calls.push({ schema, input })
      return original.validate(schema, input)
    },
  }
})

/** Bodies per route; the seed keeps a run reproducible (FUZZ_SEED and FUZZ_RUNS override them). */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40)
const SEED = Number(process.env.FUZZ_SEED ?? 20261122)
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const PROBE_KEY = '__fuzz_probe'

interface WriteRoute {
  method: string
  path: string
}

/**
 * The write routes of Fastify's route tree (printRoutes): each line is a segment under its parent, indented four
 * characters per level; a parameter with two names (`:id|:company`, two routes sharing a node) keeps the first.
 */
function writeRoutes(routeTree: string): WriteRoute[] {
  const found: WriteRoute[] = []
  const parents: string[] = []
  for (const line of routeTree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S*)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!match) continue
    const [, indent, segment, methods] = match
    const depth = indent!.length / 4
    const path = (parents[depth - 1] ?? '') + segment!.replace(/(:\w+)(\|:\w+)+/g, '$1')
    parents[depth] = path
    parents.length = depth + 1
    if (!path.startsWith('/api/v1/') || !methods) continue
    for (const method of methods.split(', ')) {
      if (WRITE_METHODS.has(method)) found.push({ method, path })
    }
  }
  return found
}

function hashOf(text: string): number {
  let hash = 0
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) | 0
  return hash
}

describe.each(testDatabases())('no write route answers 500 to any body (%s)', (kind) => {
  let server: TestServer
  let token: string
  let ids: RealIds
  let realParams: Record<string, number>
  beforeAll(async () => {
    server = await createTestServer(kind, { env: { ONBOARDING_RECAPTCHA_AFTER: '100000' } })
    token = (await signIn(server.app)).access_token
    const company = (await demoCompanyRows(server)).tverskaya.id
    const first = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows)[0]?.id ?? 1
    const { db } = server
    realParams = {
      staff: await first(db.select({ id: staff.id }).from(staff).where(eq(staff.companyId, company))),
      service: await first(
        db.select({ id: services.id }).from(services).where(eq(services.companyId, company)),
      ),
      position: await first(
        db.select({ id: positions.id }).from(positions).where(eq(positions.companyId, company)),
      ),
      label: await first(db.select({ id: labels.id }).from(labels).where(eq(labels.companyId, company))),
      category: await first(
        db
          .select({ id: serviceCategories.id })
          .from(serviceCategories)
          .where(eq(serviceCategories.companyId, company)),
      ),
      customField: await first(
        db.select({ id: customFields.id }).from(customFields).where(eq(customFields.companyId, company)),
      ),
      goodCategory: await first(
        db
          .select({ id: goodCategories.id })
          .from(goodCategories)
          .where(eq(goodCategories.companyId, company)),
      ),
      resource: await first(
        db.select({ id: resources.id }).from(resources).where(eq(resources.companyId, company)),
      ),
      resourceInstance: await first(
        db
          .select({ id: resourceInstances.id })
          .from(resourceInstances)
          .where(eq(resourceInstances.companyId, company)),
      ),
      member: await first(
        db
          .select({ id: companyUsers.userId })
          .from(companyUsers)
          .where(and(eq(companyUsers.companyId, company), ne(companyUsers.userRole, 'owner'))),
      ),
    }
    ids = { company, other: [...new Set(Object.values(realParams))] }
  })
  afterAll(() => server.close())

  /** The value of a path parameter: the company, or a real row the path is about. */
  function paramValue(path: string, name: string): string {
    const { company } = ids
    if (['companyId', 'company'].includes(name)) return String(company)
    if (name === 'id' && /^\/api\/v1\/(company|companies)\//.test(path)) return String(company)
    const byName: Record<string, number | undefined> = {
      staffId: realParams.staff,
      serviceId: realParams.service,
      positionId: realParams.position,
      userId: realParams.member,
      fieldId: realParams.customField,
      categoryId: realParams.goodCategory,
      resourceId: realParams.resource,
      instanceId: realParams.resourceInstance,
    }
    if (byName[name] !== undefined) return String(byName[name])
    if (name === 'id') {
      if (path.includes('/staff/')) return String(realParams.staff)
      if (path.includes('/labels/')) return String(realParams.label)
      if (path.includes('/service_categories/')) return String(realParams.category)
      if (path.includes('/services/')) return String(realParams.service)
      return '1'
    }
    return randomBytes(8).toString('hex')
  }

  it('answers every generated request with something other than 500', { timeout: 300_000 }, async () => {
    const routes = writeRoutes(server.app.printRoutes({ commonPrefix: false }))
    expect(routes.length).toBeGreaterThan(60)
    const statuses = new Map<number, number>()
    /** Per route: how many requests answered 5xx, and the first of them. */
    const failures = new Map<string, { count: number; first: string }>()
    let failed = 0
    let requests = 0
    let schemaDerived = 0
    const send = async (route: WriteRoute, url: string, body: unknown) => {
      const json = body === undefined ? undefined : JSON.stringify(body)
      const response = await server.app.inject({
        method: route.method as 'POST',
        url,
        headers: {
          ...bearer(token),
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        remoteAddress: randomIp(),
        ...(json === undefined ? {} : { payload: json }),
      })
      // A route that ended the session (sign-out, switching user) must not leave the rest unauthenticated.
      if (response.statusCode === 401) token = (await signIn(server.app)).access_token
      return response
    }
    for (const route of routes) {
      const realUrl = route.path.replace(/:(\w+)/g, (_, name: string) => paramValue(route.path, name))
      // The probe: which schema does this route validate its body with?
      probe.calls.length = 0
      await send(route, realUrl, { [PROBE_KEY]: true })
      const bodySchema = probe.calls.find(
        (call) => typeof call.input === 'object' && call.input !== null && PROBE_KEY in call.input,
      )?.schema as SchemaShape | undefined
      if (bodySchema) schemaDerived++
      const body = bodySchema
        ? fc.oneof(
            { arbitrary: fromSchema(bodySchema, ids), weight: 1 },
            { arbitrary: withOneHostileValue(fromSchema(bodySchema, ids)), weight: 4 },
            { arbitrary: shapelessBody, weight: 1 },
          )
        : shapelessBody
      const params = route.path.includes(':')
        ? fc.oneof({ arbitrary: fc.constant(null), weight: 5 }, { arbitrary: hostileParam, weight: 1 })
        : fc.constant(null)
      const samples = fc.sample(fc.tuple(body, params), {
        seed: SEED ^ hashOf(`${route.method} ${route.path}`),
        numRuns: RUNS_PER_ROUTE,
      })
      for (const [sample, hostile] of samples) {
        const url = hostile === null ? realUrl : route.path.replace(/:(\w+)/g, () => hostile)
        const response = await send(route, url, sample)
        requests++
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1)
        if (response.statusCode >= 500) {
          failed++
          const name = `${route.method} ${route.path}`
          const entry = failures.get(name) ?? {
            count: 0,
            first: `${url} ${JSON.stringify(sample)?.slice(0, 300)} -> ${response.statusCode}`,
          }
          entry.count++
          failures.set(name, entry)
        }
      }
    }
    const histogram = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}: ${n}`)
    console.log(
      `fuzzed ${routes.length} write routes (${schemaDerived} from their schema) with ${requests} requests; ` +
        `${failed} answered 5xx; statuses ${histogram.join(', ')}`,
    )
    expect([...failures].map(([name, { count, first }]) => `${name}: ${count}, first ${first}`)).toEqual([])
  })
})
