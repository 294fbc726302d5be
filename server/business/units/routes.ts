import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { requireMembership } from '../../access/company-access'
import { units } from '../../db/schema'
import { success } from '../../http/envelope'
import { companyRoute } from '../groups/company-route'

/** GET companies/{id}/units: the units goods are measured in. */
export async function unitRoutes(app: FastifyInstance): Promise<void> {
  app.get('/companies/:id/units', companyRoute('id', 'storages_goods_access'), async (request) => {
    const { companyId } = requireMembership(request)
    const rows = await app.db
      .select({ id: units.id, title: units.title, short_title: units.shortTitle })
      .from(units)
      .where(eq(units.companyId, companyId))
      .orderBy(asc(units.id))
    return success(rows)
  })
}
