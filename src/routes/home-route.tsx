import { createRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { myCompaniesQueryOptions } from '../api/companies/companies'
import { preloadRouteData } from '../app/route-data'
import { requireSignedIn } from '../app/route-guards'
import { HomeScreen } from '../flows/home/home-screen'
import { languageRoute } from './language-route'

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
  loader: ({ context }) => preloadRouteData(context.queryClient, myCompaniesQueryOptions()),
  validateSearch: (search) => {
    const parsed = v.safeParse(homeSearchSchema, search)
    return parsed.success ? parsed.output : {}
  },
  component: HomeScreen,
})
