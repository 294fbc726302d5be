import type { AnyRouter } from '@tanstack/react-router'

/** The screen a route renders: the component's export name and its file. */
export interface ScreenInfo {
  name: string
  file: string
}

// Every screen module, so that a route's component can be named even in a minified build, where
// function names are gone but export names are kept. The diagrams' own screens are left out.
const screenModules = import.meta.glob<Record<string, unknown>>(['../**/*-screen.tsx', '!./**'], {
  eager: true,
})

/** The screen that `route` (a machine's `meta.route`, `$name` segments unfilled) renders in `router`. */
export function screenOfRoute(router: AnyRouter, route: string): ScreenInfo | undefined {
  const [, , found] = router.getMatchedRoutes(route)
  const component: unknown = found?.options.component
  if (!component) return undefined
  for (const [file, exports] of Object.entries(screenModules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (value === component) return { name, file: `src/flows/${file.replace(/^\.\.\//, '')}` }
    }
  }
  const named =
    (component as { displayName?: string; name?: string }).displayName ??
    (component as { name?: string }).name
  return named ? { name: named, file: '' } : undefined
}
