import type { FastifyRequest } from 'fastify'
import { requireMembership } from '../../access/company-access'
import type { Database } from '../../db/database'
import { auditLog } from '../../db/schema'
import { requireAuth } from '../../http/authenticate'

/** What a business write did, for the audit log: `custom_field` `updated`, `good_category` `deleted`, ... */
export interface BusinessChange {
  /** The kind of thing changed, in snake_case, as the API names it. */
  entity: string
  entityId: number
  operation: 'created' | 'updated' | 'deleted' | 'moved' | 'merged'
  /** The fields the request set (their new values); never secrets. */
  changes?: Record<string, unknown>
  /**
   * The company the entry belongs to, for a change that names no company in its route (a chain's catalogue
   * writes one entry in each salon it touches); otherwise the route's company.
   */
  companyId?: number | null
}

/**
 * Writes who changed what in a company to the audit log (action `{entity}_{operation}`), with the actor, the
 * company and the address of the request. Pass the transaction of the write, so the entry and the change stand
 * or fall together. The route must have passed authenticate, and requireCompanyAccess unless the change names
 * its company.
 */
export async function recordChange(
  db: Database,
  request: FastifyRequest,
  change: BusinessChange,
): Promise<void> {
  await db.insert(auditLog).values({
    companyId: change.companyId !== undefined ? change.companyId : requireMembership(request).companyId,
    actorUserId: requireAuth(request).userId,
    action: `${change.entity}_${change.operation}`,
    ip: request.ip,
    details: { entity_id: change.entityId, ...(change.changes ? { changes: change.changes } : {}) },
  })
}
