import {
  ONLINE_CATALOGUE_PAGE_DATA,
  type OnlineCataloguePageData,
} from '../../contract/online-booking/page-data'
import type { Language } from '../../contract/ui-languages'
import type { Database } from '../db/database'
import { escapeHtml, type FirstPaint } from '../http/first-paint'
import { translate } from '../i18n/server-messages'
import { onlineCatalogue } from './online-catalogue'

// A salon's booking page itself (`/ru/b2c/12`), not its cancellation links: the page a client opens first.
const COMPANY_PAGE = /^(?:\/[^/]+)?\/b2c\/([1-9]\d{0,8})\/?$/

const LOADING = /*i18n*/ 'Loading'

/**
 * The booking page as the server can draw it: the salon's name and address, as the page's header shows them,
 * and the catalogue the page would otherwise ask for once its scripts have run. A client on a slow phone sees
 * whose page it is at once, and the page needs no request of its own to show the services. With it, the sites
 * that may frame the page (read with the catalogue). Undefined for every other path, and for a salon without a
 * booking page (the client shows why).
 */
export async function bookingPageFirstPaint(
  db: Database,
  url: string,
  language: Language,
): Promise<(FirstPaint & { frameOrigins: readonly string[] }) | undefined> {
  const match = COMPANY_PAGE.exec(url.split(/[?#]/)[0]!)
  if (!match) return undefined
  const companyId = Number(match[1])
  let catalogue
  try {
    catalogue = await onlineCatalogue(db, companyId)
  } catch {
    return undefined
  }
  const { title, address } = catalogue.company
  const markup =
    '<main class="page"><div class="b2c"><header class="b2c-header">' +
    `<h1>${escapeHtml(title)}</h1>` +
    (address ? `<p class="b2c-header__address">${escapeHtml(address)}</p>` : '') +
    '</header>' +
    `<span class="spinner spinner--large" role="status" aria-label="${escapeHtml(translate(language, LOADING))}"></span>` +
    '</div></main>'
  const data: OnlineCataloguePageData = { company_id: companyId, catalogue }
  return { markup, data: { [ONLINE_CATALOGUE_PAGE_DATA]: data }, frameOrigins: catalogue.frame_origins }
}
