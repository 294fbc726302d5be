import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Storage } from '../../../contract/storages/schemas'
import { requireMembership } from '../../access/company-access'
import { storages } from '../../db/schema'
import { success } from '../../http/envelope'
import { companyRoute } from '../groups/company-route'

/** GET /storages/{companyId}/ (SPEC.md section 7). */
export async function storageRoutes(app: FastifyInstance): Promise<void> {
  const list = async (request: Parameters<typeof requireMembership>[0]) => {
    const { companyId } = requireMembership(request)
    const rows: Storage[] = await app.db
      .select({ id: storages.id, title: storages.title, type: storages.type, comment: storages.comment })
      .from(storages)
      .where(eq(storages.companyId, companyId))
      .orderBy(asc(storages.id))
    return success(rows)
  }
  app.get('/storages/:companyId/', companyRoute('companyId', 'storages_access'), list)
  app.get('/storages/:companyId', companyRoute('companyId', 'storages_access'), list)
}
