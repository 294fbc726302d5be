import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../api/api-error'

/** One client for the app. A 4xx will not change by asking again, so only other failures are retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) =>
        failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
})
