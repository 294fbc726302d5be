import type { FastifyInstance } from 'fastify'
import { success } from '../../http/envelope'
import { kkmIntegrations } from './kkm-integrations'

/** GET references/kkm_integration: public reference data, no sign-in needed (SPEC.md section 7). */
export async function kkmRoutes(app: FastifyInstance): Promise<void> {
  app.get('/references/kkm_integration', async () => success(kkmIntegrations))
}
