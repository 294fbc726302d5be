import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router'
import { ONLINE_CATALOGUE_PAGE_DATA } from '../../contract/online-booking/page-data'
import { onlineCatalogueQueryOptions, seedOnlineCatalogue } from '../api/online-booking/online-booking'
import { onlineChainQueryOptions } from '../api/online-booking/online-chain'
import { takePageData } from '../app/page-data'
import { preloadRouteData } from '../app/route-data'
import { languageRoute } from './language-route'

// The booking page is the first screen a salon's client opens, often on a phone: its screens are chunks of their
// own, so the page loads none of the workspace and the workspace none of it.
const OnlineBookingScreen = lazyRouteComponent(
  () => import('../flows/online-booking/online-booking-screen'),
  'OnlineBookingScreen',
)
const CancelBookingScreen = lazyRouteComponent(
  () => import('../flows/online-booking/cancel-booking-screen'),
  'CancelBookingScreen',
)

const ChainSalonsScreen = lazyRouteComponent(
  () => import('../flows/online-booking/chain-salons-screen'),
  'ChainSalonsScreen',
)

const companyIdOf = (param: string) => {
  if (!/^\d{1,9}$/.test(param) || Number(param) < 1) throw notFound()
  return Number(param)
}

/**
 * /{lang}/b2c/{companyId}: a salon's public booking page (the b2c screen). Shown signed in and signed out alike
 * (an owner checks their own page), so it belongs to neither area; the online booking machine drives its steps.
 */
export const onlineBookingRoute = createRoute({
  getParentRoute: () => languageRoute,
  path: 'b2c/$companyId',
  staticData: { area: 'any', screenName: 'OnlineBookingScreen' },
  loader: ({ context, params }) => {
    const companyId = companyIdOf(params.companyId)
    // The server wrote the catalogue into the page it answered (server/online-booking/booking-page-first-paint.ts).
    if (seedOnlineCatalogue(context.queryClient, companyId, takePageData(ONLINE_CATALOGUE_PAGE_DATA))) return
    return preloadRouteData(context.queryClient, onlineCatalogueQueryOptions(companyId))
  },
  component: OnlineBookingScreen,
})

/** /{lang}/b2c/{companyId}/cancel/{token}: the cancellation link of a booking. */
export const cancelBookingRoute = createRoute({
  getParentRoute: () => languageRoute,
  path: 'b2c/$companyId/cancel/$token',
  staticData: { area: 'any', screenName: 'CancelBookingScreen' },
  beforeLoad: ({ params }) => {
    companyIdOf(params.companyId)
  },
  component: CancelBookingScreen,
})

/**
 * /{lang}/b2c/chain/{chainId}: a chain's booking page, where the client chooses the salon and goes on to its
 * page. `chain` is a static segment, so it wins over a company id in the same place.
 */
export const onlineChainRoute = createRoute({
  getParentRoute: () => languageRoute,
  path: 'b2c/chain/$chainId',
  staticData: { area: 'any', screenName: 'ChainSalonsScreen' },
  loader: ({ context, params }) =>
    preloadRouteData(context.queryClient, onlineChainQueryOptions(companyIdOf(params.chainId))),
  component: ChainSalonsScreen,
})
