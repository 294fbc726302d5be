import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { envelopeSchema, failureEnvelopeSchema } from '../../contract/envelope'
import { PUBLIC_API_ROUTES } from '../../server/http/route-access'
import { apiOperations, type ApiOperation } from '../../server/openapi/api-operations'
import {
  fromSchema,
  hostileParam,
  shapelessBody,
  withOneHostileValue,
  type RealIds,
  type SchemaShape,
} from '../support/schema-arbitraries'
import {
  bearer,
  createTestServer,
  randomIp,
  signIn,
  testDatabases,
  type TestServer,
} from '../support/server-harness'
import { addMember, demoCompanyRows } from './business-api-helpers'
import { loadRealRows, paramValue, type RealRows } from './fuzz-path-params'

/*
 * The API against its own OpenAPI document: every operation of the table the document is generated from
 * (server/openapi/api-operations.ts), with requests generated from its declared schemas (valid ones, ones with a
 * hostile value in one place, shapeless ones), sent as the demo owner, as a specialist with few rights and as
 * nobody. Every answer must be below 500 and keep to the document: a success is the declared envelope with the
 * declared data and status, a refusal the failure envelope. Nobody gets past sign-in on a route that needs it,
 * and the owner reads and writes nothing of a company that is not theirs. FUZZ_RUNS (requests per operation as
 * the owner) and FUZZ_SEED make a longer or another run: `npm run fuzz`.
 */

const OWNER_RUNS = Number(process.env.FUZZ_RUNS ?? 8)
const MEMBER_RUNS = Math.max(1, Math.round(OWNER_RUNS / 3))
const SEED = Number(process.env.FUZZ_SEED ?? 20261126)

type Identity = 'owner' | 'member' | 'nobody' | 'owner, another company'

function hashOf(text: string): number {
  let hash = 0
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) | 0
  return hash
}

/** A query object as a query string: nested values as JSON, as a careless client would send them. */
function queryString(query: unknown): string {
  if (query === null || typeof query !== 'object' || Array.isArray(query)) return ''
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) {
      search.append(key, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item))
    }
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

const isPublic = (operation: ApiOperation) => PUBLIC_API_ROUTES.has(`${operation.method} ${operation.path}`)

describe.each(testDatabases())('the API keeps to its OpenAPI document (%s)', (kind) => {
  let server: TestServer
  let ownerToken: string
  let memberToken: string
  let company: number
  let foreignCompany: number
  let rows: RealRows
  let ids: RealIds
  /** Per operation, the name of its company parameter (from the route's access guard). */
  const companyParams = new Map<string, string>()

  beforeAll(async () => {
    server = await createTestServer(kind, { env: { ONBOARDING_RECAPTCHA_AFTER: '100000' } })
    const demo = await demoCompanyRows(server)
    company = demo.tverskaya.id
    foreignCompany = demo.barbers.id
    ownerToken = (await signIn(server.app)).access_token
    memberToken = (await addMember(server, company)).token
    rows = await loadRealRows(server, company)
    ids = { company, other: [...new Set(Object.values(rows))] }
    for (const route of server.app.routeAccessTable) {
      if (route.companyParam) companyParams.set(`${route.method} ${route.path}`, route.companyParam)
    }
  })
  afterAll(() => server.close())

  it('answers every generated request below 500, as the document says', { timeout: 600_000 }, async () => {
    const problems = new Map<string, { count: number; first: string }>()
    const statuses = new Map<number, number>()
    let requests = 0
    const report = (operation: ApiOperation, identity: Identity, what: string, detail: string) => {
      const key = `${operation.method} ${operation.path} as ${identity}: ${what}`
      const entry = problems.get(key) ?? { count: 0, first: detail }
      entry.count++
      problems.set(key, entry)
    }

    const send = async (
      operation: ApiOperation,
      identity: Identity,
      url: string,
      body: unknown,
    ): Promise<LightMyRequestResponse> => {
      const token = identity === 'member' ? memberToken : identity === 'nobody' ? undefined : ownerToken
      const json = body === undefined ? undefined : JSON.stringify(body)
      const response = await server.app.inject({
        method: operation.method,
        url: `/api/v1${url}`,
        headers: {
          ...(token ? bearer(token) : {}),
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        remoteAddress: randomIp(),
        ...(json === undefined ? {} : { payload: json }),
      })
      requests++
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1)
      // An operation that ended the session (signing out, switching user) must not leave the rest signed out.
      if (response.statusCode === 401 && identity.startsWith('owner')) {
        ownerToken = (await signIn(server.app)).access_token
      }
      return response
    }

    const check = (
      operation: ApiOperation,
      identity: Identity,
      url: string,
      body: unknown,
      response: LightMyRequestResponse,
    ) => {
      const detail = `${operation.method} ${url} ${JSON.stringify(body)?.slice(0, 200)} -> ${response.statusCode} ${response.body.slice(0, 300)}`
      const status = response.statusCode
      if (status >= 500) return report(operation, identity, `answered ${status}`, detail)
      let reply: unknown
      try {
        reply = JSON.parse(response.body)
      } catch {
        return report(operation, identity, 'answered something that is not JSON', detail)
      }
      if (status >= 200 && status < 300) {
        if (identity === 'nobody' && !isPublic(operation))
          return report(operation, identity, 'let an anonymous request through', detail)
        if (identity === 'owner, another company')
          return report(operation, identity, "answered for a company that is not the user's", detail)
        const declared = [operation.status ?? 200, ...(operation.alsoStatus ? [operation.alsoStatus] : [])]
        if (!declared.includes(status))
          report(operation, identity, `answered ${status}, not the declared ${declared.join(' or ')}`, detail)
        if (operation.reply) {
          const parsed = v.safeParse(envelopeSchema(operation.reply), reply)
          if (!parsed.success) {
            const issue = parsed.issues[0]
            report(
              operation,
              identity,
              'replied outside its declared schema',
              `${v.getDotPath(issue) ?? ''}: ${issue.message}; ${detail}`,
            )
          }
        }
        return
      }
      if (!v.safeParse(failureEnvelopeSchema, reply).success)
        report(operation, identity, 'refused outside the failure envelope', detail)
      if (identity === 'nobody' && !isPublic(operation) && status !== 401)
        report(operation, identity, `answered ${status} instead of 401`, detail)
    }

    for (const operation of apiOperations) {
      const key = `${operation.method} ${operation.path}`
      const companyParam = companyParams.get(key)
      const urlFor = (companyId: number) =>
        operation.path.replace(/:(\w+)/g, (_, name: string) =>
          name === companyParam ? String(companyId) : paramValue(rows, companyId, operation.path, name),
        )
      const valid = (schema: v.GenericSchema | undefined) =>
        schema ? fromSchema(schema as unknown as SchemaShape, ids) : fc.constant(undefined)
      const body = operation.body
        ? fc.oneof(
            { arbitrary: valid(operation.body), weight: 2 },
            { arbitrary: withOneHostileValue(valid(operation.body)), weight: 3 },
            { arbitrary: shapelessBody, weight: 1 },
          )
        : operation.method === 'GET' || operation.method === 'DELETE'
          ? fc.constant(undefined)
          : fc.oneof(
              { arbitrary: fc.constant(undefined), weight: 3 },
              { arbitrary: shapelessBody, weight: 1 },
            )
      const query = operation.query
        ? fc.oneof(
            { arbitrary: valid(operation.query), weight: 3 },
            { arbitrary: withOneHostileValue(valid(operation.query)), weight: 2 },
          )
        : fc.constant(undefined)
      const hostilePath = operation.path.includes(':')
        ? fc.oneof({ arbitrary: fc.constant(null), weight: 5 }, { arbitrary: hostileParam, weight: 1 })
        : fc.constant(null)
      const samples = fc.sample(fc.tuple(body, query, hostilePath), {
        seed: SEED ^ hashOf(key),
        numRuns: OWNER_RUNS,
      })
      const plan: [Identity, number][] = [
        ['owner', OWNER_RUNS],
        ['member', MEMBER_RUNS],
        ['nobody', 1],
        ...(companyParam ? [['owner, another company', MEMBER_RUNS] as [Identity, number]] : []),
      ]
      for (const [identity, runs] of plan) {
        for (const [sampleBody, sampleQuery, hostile] of samples.slice(0, runs)) {
          const path =
            // Nobody and the foreign company get well-formed paths: what they test is who may, not parsing.
            hostile === null || identity === 'nobody' || identity === 'owner, another company'
              ? urlFor(identity === 'owner, another company' ? foreignCompany : company)
              : operation.path.replace(/:(\w+)/g, () => hostile)
          const url = path + queryString(sampleQuery)
          check(operation, identity, url, sampleBody, await send(operation, identity, url, sampleBody))
        }
      }
    }
    const histogram = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}: ${n}`)
    console.log(
      `fuzzed ${apiOperations.length} operations with ${requests} requests (${kind}); statuses ${histogram.join(', ')}`,
    )
    expect([...problems].map(([name, { count, first }]) => `${name} (${count}x), first: ${first}`)).toEqual(
      [],
    )
  })
})
