import type { AnyRouter } from '@tanstack/react-router'

/** The screen a route renders: the component's export name and its file. */
export interface ScreenInfo {
  name: string
  /** Repository-relative, or empty when no `*-screen.tsx` module exports a component of that name. */
  file: string
}

// Every screen module of the app, to find the file that exports a screen by its export name, which a minified
// build keeps. They are all in the app's main chunk already; the diagrams' own screens are left out.
const screenModules = import.meta.glob<Record<string, unknown>>(
  ['/src/**/*-screen.tsx', '!/src/flows/flow-diagrams/**'],
  {
    eager: true,
  },
)

/** The file under src/ whose module exports `name`, or an empty string. */
export function screenFileOf(name: string): string {
  const found = Object.entries(screenModules).find(([, exports]) => name in exports)
  return found ? found[0].replace(/^\//, '') : ''
}

/**
 * The screen that `route` (a machine's `meta.route`, `$name` segments unfilled, perhaps with a query) renders
 * in `router`: the `screenName` of the deepest matched route that has one, since a step route may render
 * nothing of its own inside its flow's screen (the password reset's steps).
 */
export function screenOfRoute(router: AnyRouter, route: string): ScreenInfo | undefined {
  const path = route.split(/[?#]/)[0] ?? route
  const [matchedRoutes, , found] = router.getMatchedRoutes(path)
  if (!found) return undefined
  const withScreen = [...matchedRoutes].reverse().find((match) => match.options.staticData?.screenName)
  const name = withScreen?.options.staticData?.screenName
  return name ? { name, file: screenFileOf(name) } : undefined
}
