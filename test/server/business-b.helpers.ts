import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { expect } from 'vitest'
import type { Rights } from '../../contract/access/rights-catalogue'
import { envelopeSchema } from '../../contract/envelope'
import { companyUsers, users } from '../../server/db/schema'
import { bearer, DEMO, json, OTHER, signIn, type TestServer } from '../support/server-harness'

/** The demo companies by name, with the tokens of their owners. */
export interface DemoCompanies {
  tverskaya: number
  arbat: number
  northern: number
  demoToken: string
  otherToken: string
}

export async function demoCompanies(server: TestServer): Promise<DemoCompanies> {
  const demoToken = (await signIn(server.app)).access_token
  const otherToken = (await signIn(server.app, OTHER.email, OTHER.password)).access_token
  const list = async (token: string) =>
    json(await server.app.inject({ method: 'GET', url: '/api/v1/companies', headers: bearer(token) }))
      .data as {
      id: number
    }[]
  const [tverskaya, arbat] = await list(demoToken)
  const [northern] = await list(otherToken)
  return { tverskaya: tverskaya!.id, arbat: arbat!.id, northern: northern!.id, demoToken, otherToken }
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

/** Calls the API as an outside client would; `form` sends an application/x-www-form-urlencoded body. */
export function call(
  server: TestServer,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
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

/** Contract check: the reply is a success envelope whose data the client's schema accepts; answers the parsed data. */
export function parseReply<TSchema extends v.GenericSchema>(
  response: { statusCode: number; body: string },
  schema: TSchema,
  status = 200,
): v.InferOutput<TSchema> {
  expect(response.statusCode, response.body).toBe(status)
  return v.parse(envelopeSchema(schema), JSON.parse(response.body)).data
}

/** The fields named in meta.errors of a 422. */
export function invalidFields(response: { statusCode: number; body: string }): string[] {
  expect(response.statusCode, response.body).toBe(422)
  return Object.keys(json(response as never).meta.errors).sort()
}
