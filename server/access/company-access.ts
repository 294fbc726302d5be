import { and, asc, eq } from 'drizzle-orm'
import { memberRights } from './member-rights-memo'
import type { FastifyRequest } from 'fastify'
import * as v from 'valibot'
import type { RightFlag, Rights } from '../../contract/access/rights-catalogue'
import type { Database } from '../db/database'
import { companies, companyUsers } from '../db/schema'
import { requireAuth } from '../http/authenticate'
import { HttpError } from '../http/http-error'
import { validate } from '../http/validate'

/** A signed-in user's place in one company: the role, the position and the resulting rights. */
export interface Membership {
  companyId: number
  mainGroupId: number | null
  role: string
  positionId: number | null
  rights: Rights
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireCompanyAccess for routes about one company. */
    membership: Membership | null
  }
}

/** The user's membership of a company, or null when they do not belong to it. */
export async function loadMembership(
  db: Database,
  userId: number,
  companyId: number,
): Promise<Membership | null> {
  const [row] = await db
    .select({
      role: companyUsers.userRole,
      positionId: companyUsers.positionId,
      overrides: companyUsers.accessOverrides,
      mainGroupId: companies.mainGroupId,
    })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(and(eq(companyUsers.userId, userId), eq(companyUsers.companyId, companyId)))
  if (!row) return null
  return {
    companyId,
    mainGroupId: row.mainGroupId,
    role: row.role,
    positionId: row.positionId,
    rights: memberRights(row.role, row.overrides),
  }
}

/**
 * loadMembership through the process's auth cache (server/auth/auth-cache.ts): an answer of the last few
 * seconds, dropped as soon as the database reports a change to the user's memberships or the company's chain.
 */
export async function cachedMembership(
  request: FastifyRequest,
  userId: number,
  companyId: number,
): Promise<Membership | null> {
  const { authCache, db } = request.server
  const cached = authCache.membership(userId, companyId)
  if (cached) return cached
  const mark = authCache.mark()
  const membership = await loadMembership(db, userId, companyId)
  if (membership) authCache.storeMembership(userId, membership, mark)
  return membership
}

/**
 * The user's place in each salon of a chain in one statement: every salon of the chain in id order, with the
 * user's membership where they have one (null elsewhere).
 */
export async function loadChainMemberships(
  db: Database,
  userId: number,
  groupId: number,
): Promise<{ salonIds: number[]; memberships: Map<number, Membership | null> }> {
  const rows = await db
    .select({
      companyId: companies.id,
      role: companyUsers.userRole,
      positionId: companyUsers.positionId,
      overrides: companyUsers.accessOverrides,
    })
    .from(companies)
    .leftJoin(companyUsers, and(eq(companyUsers.companyId, companies.id), eq(companyUsers.userId, userId)))
    .where(eq(companies.mainGroupId, groupId))
    .orderBy(asc(companies.id))
  const memberships = new Map<number, Membership | null>()
  for (const row of rows) {
    memberships.set(
      row.companyId,
      row.role === null
        ? null
        : {
            companyId: row.companyId,
            mainGroupId: groupId,
            role: row.role,
            positionId: row.positionId,
            rights: memberRights(row.role, row.overrides),
          },
    )
  }
  return { salonIds: rows.map((row) => row.companyId), memberships }
}

const companyParamSchema = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform(String),
  v.regex(/^\d{1,9}$/, /*i18n*/ 'must be a positive integer'),
  v.transform(Number),
  v.minValue(1, /*i18n*/ 'must be a positive integer'),
)

/**
 * A preHandler for routes about one company (tenant isolation): the user must belong to the company named by
 * the route parameter, else 404 (a foreign company is never confirmed to exist); with `flag`, the user's rights
 * must also include it, else 403. Must run after authenticate.
 */
export function requireCompanyAccess(options: { param?: string; flag?: RightFlag } = {}) {
  const param = options.param ?? 'id'
  const paramsSchema = v.looseObject({ [param]: companyParamSchema })
  async function companyAccess(request: FastifyRequest): Promise<void> {
    const params = validate(paramsSchema, request.params) as Record<string, number>
    const companyId = params[param] as number
    const membership = await cachedMembership(request, requireAuth(request).userId, companyId)
    if (!membership) throw new HttpError(404, /*i18n*/ 'Company not found')
    if (options.flag && !membership.rights[options.flag]) {
      throw new HttpError(403, /*i18n*/ 'You do not have access to this section')
    }
    request.membership = membership
  }
  // The route table (server/http/route-access.ts) reads which parameter names the company.
  return Object.assign(companyAccess, { companyParam: param })
}

/** The membership set by requireCompanyAccess; a programming error to call without it. */
export function requireMembership(request: FastifyRequest): Membership {
  if (!request.membership) throw new Error('requireCompanyAccess must run before this handler')
  return request.membership
}
