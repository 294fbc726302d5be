import type { EnsureQueryDataOptions, FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'

/**
 * A route loader's half of a flow's step data: fetches it into the query cache before the route renders (again
 * when the cached copy is stale). A failure is not a route error: the flow's machine owns what the user sees
 * then, so it is left in the cache for `routeData` to hand to the machine.
 */
export function preloadRouteData<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
): Promise<unknown> {
  return queryClient.fetchQuery(options).catch(() => undefined)
}

/**
 * The machine's half: the data the route's loader fetched, without asking again, or the failure it met, given
 * once (the query is dropped, so that trying again asks the server anew). Fetched here when no loader ran.
 */
export async function routeData<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TData, Error, TData, TKey>,
): Promise<TData> {
  const loaded = queryClient.getQueryState(options.queryKey)
  if (loaded?.status === 'error' && loaded.fetchStatus === 'idle') {
    queryClient.removeQueries({ queryKey: options.queryKey, exact: true })
    throw loaded.error
  }
  return queryClient.ensureQueryData(options)
}
