import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import * as v from 'valibot'
import { expect } from 'vitest'
import { envelopeSchema } from '../../contract/envelope'
import { companies, companyUsers, users } from '../../server/db/schema'
import { bearer, DEMO, json, OTHER, signIn, type TestServer } from '../support/server-harness'

/** The demo companies by title, with their ids in this database. */
export async function demoCompanies(server: TestServer) {
  const rows = await server.db.select().from(companies)
  const byTitle = (title: string) => rows.find((row) => row.title === title)!
  return {
    tverskaya: byTitle('Beauty Line — Tverskaya'),
    arbat: byTitle('Beauty Line — Arbat'),
    barbers: byTitle('Northern Barbers'),
  }
}

/**
 * Adds a member to a company and signs them in. The new user reuses the demo owner's password hash, so no
 * extra argon2 hashing is spent.
 */
export async function addMember(server: TestServer, companyId: number, role = 'specialist') {
  const [owner] = await server.db.select().from(users).where(eq(users.email, DEMO.email))
  const email = `member-${randomBytes(4).toString('hex')}@example.com`
  const [user] = await server.db
    .insert(users)
    .values({ name: `Member ${email.slice(7, 15)}`, email, passwordHash: owner!.passwordHash })
    .returning()
  await server.db.insert(companyUsers).values({ companyId, userId: user!.id, userRole: role })
  const pair = await signIn(server.app, email, DEMO.password)
  return { userId: user!.id, token: pair.access_token }
}

/** Tokens of the demo owner, the other company's owner and a specialist of Tverskaya (no settings flags). */
export async function signInCast(server: TestServer) {
  const ids = await demoCompanies(server)
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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** A JSON call to the API as the holder of `token` (anonymous without one). */
export function call(server: TestServer, method: Method, url: string, token?: string, payload?: unknown) {
  return server.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
}

/** Asserts the status and that the reply parses with the client's schema of its data; answers the parsed data. */
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

/** Asserts a 422 whose meta.errors names exactly these fields. */
export function expectInvalid(response: LightMyRequestResponse, fields: string[]) {
  expect(response.statusCode, response.body).toBe(422)
  expect(Object.keys(json(response).meta.errors).sort()).toEqual([...fields].sort())
}
