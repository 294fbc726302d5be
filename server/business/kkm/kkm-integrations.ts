import type { KkmIntegration } from '../../../contract/references/schemas'

/**
 * The cash-register (KKM) integrations the product supports. They are the same for everyone and change only
 * with a release, so they live in code rather than in a table.
 */
export const kkmIntegrations: readonly KkmIntegration[] = [
  { id: 1, slug: 'atol', title: 'ATOL' },
  { id: 2, slug: 'shtrih_m', title: 'Shtrih-M' },
  { id: 3, slug: 'evotor', title: 'Evotor' },
  { id: 4, slug: 'kkm_server', title: 'KKM Server' },
  { id: 5, slug: 'orange_data', title: 'Orange Data' },
]
