/**
 * What a screen state tells the app's one flow–route bridge (src/app/flow-routing.ts). A state that is a
 * screen carries `meta: { route }`; the bridge navigates there when the machine enters it.
 */
export interface ScreenMeta {
  /** The path under the optional language prefix, with `$name` segments filled from the machine's context. */
  route: string
  /** Which routes the state accepts as "already showing it": public screens or the signed-in area. */
  area?: 'public' | 'private'
  /**
   * How entering the state changes history: a step the user moved to is a new entry ('push', the default);
   * a state that must not be walked back into (a finished flow, a redirect) replaces the current entry.
   * A move the machine made in answer to a URL (it refused the URL) always replaces it.
   */
  history?: 'push' | 'replace'
}

/** Reads the screen meta of the deepest active state that has one. */
export function screenMetaOf(snapshot: { getMeta(): Record<string, unknown> }): ScreenMeta | undefined {
  const metas = Object.values(snapshot.getMeta()) as (Partial<ScreenMeta> | undefined)[]
  for (let index = metas.length - 1; index >= 0; index -= 1) {
    const meta = metas[index]
    if (meta && typeof meta.route === 'string') return meta as ScreenMeta
  }
  return undefined
}

/**
 * Fills a route's `$name` segments; a missing value leaves the segment empty. A route that is one `$name`
 * alone is a whole path kept in context (a page to return to), used as it is, or `/` when there is none.
 */
export function fillRoute(route: string, values: Record<string, string | number | null | undefined>): string {
  const whole = /^\$(\w+)$/.exec(route)
  if (whole) return String(values[whole[1]!] ?? '/')
  const filled = route.replace(/\$(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(values[name] ?? '')),
  )
  // A query parameter with no value is left out: `/?company=$id` with no id is `/`.
  const [path, query] = filled.split('?')
  const kept = (query ?? '').split('&').filter((pair) => pair !== '' && !pair.endsWith('='))
  return kept.length > 0 ? `${path}?${kept.join('&')}` : path!
}

/** Does `path` (no language prefix, no query) name the route pattern `route`? `$name` matches one segment. */
export function routeMatches(route: string, path: string): boolean {
  const pattern = route
    .split('?')[0]!
    .split('/')
    .map((segment) => (segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
  return new RegExp(`^${pattern}/?$`).test(path)
}

interface RoutableNode {
  id: string
  config: { route?: unknown; initial?: unknown }
  meta?: unknown
  states: Record<string, RoutableNode>
}

/**
 * The `xstate.route` event for a URL (XState's routable states): the state node that declares `route` and
 * whose screen (its own meta or its initial child's) names the path. The machine's guard decides whether it
 * goes there; null when no routable state names the path.
 */
export function routeEventFor(
  machine: { root: RoutableNode },
  path: string,
): { type: 'xstate.route'; to: string } | null {
  const visit = (node: RoutableNode): string | null => {
    for (const child of Object.values(node.states)) {
      const route = routeOfNode(child)
      if (child.config.route && route !== undefined && routeMatches(route, path)) return child.id
      const found = visit(child)
      if (found) return found
    }
    return null
  }
  const id = visit(machine.root)
  return id === null ? null : { type: 'xstate.route', to: `#${id}` }
}

function routeOfNode(node: RoutableNode): string | undefined {
  const meta = node.meta as Partial<ScreenMeta> | undefined
  if (typeof meta?.route === 'string') return meta.route
  const initial = typeof node.config.initial === 'string' ? node.states[node.config.initial] : undefined
  return initial ? routeOfNode(initial) : undefined
}
