import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import * as v from 'valibot'
import { expect } from 'vitest'
import type { Rights } from '../../contract/access/rights-catalogue'
import { envelopeSchema } from '../../contract/envelope'
import { companies, companyUsers, users } from '../../server/db/schema'
import { bearer, DEMO, json, OTHER, signIn, type TestServer } from '../support/server-harness'

/** The demo companies' rows by title, with their ids in this database. */
export async function demoCompanyRows(server: TestServer) {
  const rows = await server.db.select().from(companies)
  const byTitle = (title: string) => rows.find((row) => row.title === title)!
  return {
    tverskaya: byTitle('Beauty Line — Tverskaya'),
    arbat: byTitle('Beauty Line — Arbat'),
    barbers: byTitle('Northern Barbers'),
  }
}

/** The ids of the demo companies, with the tokens of their owners. */
export interface DemoCompanies {
  tverskaya: number
  arbat: number
  northern: number
  demoToken: string
  otherToken: string
}

export async function demoCompanies(server: TestServer): Promise<DemoCompanies> {
  const rows = await demoCompanyRows(server)
  const demoToken = (await signIn(server.app)).access_token
  const otherToken = (await signIn(server.app, OTHER.email, OTHER.password)).access_token
  return {
    tverskaya: rows.tverskaya.id,
    arbat: rows.arbat.id,
    northern: rows.barbers.id,
    demoToken,
    otherToken,
  }
}

/**
 * Adds a member to a company, as the owner would after an invite, and signs them in. The demo password hash is
 * reused so that no new argon2 hash is computed; `overrides` switch flags of the role's preset on or off.
 */
export async function addMember(
  server: TestServer,
  companyId: number,
  options: { role?: string; overrides?: Partial<Rights> } = {},
): Promise<{ token: string; userId: number }> {
  const [demo] = await server.db.select().from(users).where(eq(users.email, DEMO.email))
  const email = `member-${randomBytes(5).toString('hex')}@example.com`
  const [user] = await server.db
    .insert(users)
    .values({
      name: 'Test member',
      email,
      passwordHash: demo!.passwordHash,
      userRole: options.role ?? 'specialist',
    })
    .returning()
  await server.db.insert(companyUsers).values({
    companyId,
    userId: user!.id,
    userRole: options.role ?? 'specialist',
    accessOverrides: options.overrides ?? null,
  })
  return { token: (await signIn(server.app, email, DEMO.password)).access_token, userId: user!.id }
}

/** Tokens of the demo owner, the other company's owner and a specialist of Tverskaya (no settings flags). */
export async function signInCast(server: TestServer) {
  const ids = await demoCompanyRows(server)
  const owner = await signIn(server.app)
  const stranger = await signIn(server.app, OTHER.email, OTHER.password)
  const member = await addMember(server, ids.tverskaya.id)
  return {
    ids,
    owner: owner.access_token,
    ownerId: owner.user.id,
    stranger: stranger.access_token,
    member: member.token,
    memberId: member.userId,
  }
}

/**
 * Calls the API as an outside client would, as the holder of `token` (anonymously without one); `form` sends an
 * application/x-www-form-urlencoded body instead of JSON.
 */
export function call(
  server: TestServer,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown; form?: string } = {},
) {
  const headers: Record<string, string> = options.token ? bearer(options.token) : {}
  if (options.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded'
  return server.app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    ...(options.form !== undefined
      ? { payload: options.form }
      : options.body !== undefined
        ? { payload: options.body as object }
        : {}),
  })
}

/**
 * Contract check: asserts the status and that the reply is a success envelope whose data the client's schema
 * accepts; answers the parsed data.
 */
export function expectOk<TSchema extends v.GenericSchema>(
  response: LightMyRequestResponse,
  schema: TSchema,
  status = 200,
): v.InferOutput<TSchema> {
  expect(response.statusCode, response.body).toBe(status)
  const parsed = v.safeParse(envelopeSchema(schema), json(response))
  if (!parsed.success)
    throw new Error(`reply does not match the client schema: ${JSON.stringify(v.flatten(parsed.issues))}`)
  return parsed.output.data
}

/** The fields named in meta.errors of a 422, sorted; fails the test when the reply is not a 422. */
export function invalidFields(response: LightMyRequestResponse): string[] {
  expect(response.statusCode, response.body).toBe(422)
  return Object.keys(json(response).meta.errors).sort()
}

/** Asserts a 422 whose meta.errors names exactly these fields. */
export function expectInvalid(response: LightMyRequestResponse, fields: string[]) {
  expect(invalidFields(response)).toEqual([...fields].sort())
}
