import * as v from 'valibot'
import { idSchema } from '../id-params'
import { onlineCatalogueSchema } from './schemas'

/**
 * The catalogue of a salon's booking page as the server writes it into the page (server/online-booking/
 * booking-page-first-paint.ts), so that the page's first render needs no request: GET /b2c/{companyId}'s data,
 * with the salon it belongs to.
 */
export const ONLINE_CATALOGUE_PAGE_DATA = 'online-catalogue'

export const onlineCataloguePageDataSchema = v.object({
  company_id: idSchema,
  catalogue: onlineCatalogueSchema,
})
export type OnlineCataloguePageData = v.InferOutput<typeof onlineCataloguePageDataSchema>
