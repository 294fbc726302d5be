import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import * as v from 'valibot'
import { validSearch } from './valid-search'
import { myCompaniesQueryOptions } from '../api/companies/companies'
import { preloadRouteData } from '../app/route-data'
import { requireSignedIn } from '../app/route-guards'
import { languageRoute } from './language-route'
import { loadWorkspaceCatalog } from '../i18n/activate'
import { languageOf } from '../../contract/ui-languages'

// The home page shows the workspace (its shell and overview), which loads with the route, as the workspace's own
// screens do (company-routes.tsx): the sign-in page does not download it.
const HomeScreen = lazyRouteComponent(() => import('../flows/home/home-screen'), 'HomeScreen')

const homeSearchSchema = v.object({
  /** The company to open when the user works in several; the first one otherwise. */
  company: v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1))),
})

/** The signed-in user's home: their company, or a 'no companies yet' page. */
export const homeRoute = createRoute({
  getParentRoute: () => languageRoute,
  path: '/',
  staticData: { area: 'private', screenName: 'HomeScreen' },
  beforeLoad: requireSignedIn,
  // The companies load with the route, not after the screen mounts; a failure is the screen's to show (with
  // a way to try again), so the loader does not turn it into a route error.
  loader: ({ context, params }) =>
    Promise.all([
      loadWorkspaceCatalog(languageOf(params.lang)),
      preloadRouteData(context.queryClient, myCompaniesQueryOptions()),
    ]),
  validateSearch: (search) => validSearch(homeSearchSchema, search),
  component: HomeScreen,
})
