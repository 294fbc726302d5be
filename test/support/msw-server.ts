import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { apiBase } from '../../src/api/client'

/** An analytics event as the app posts it; the tests read them to check what was reported. */
export interface PostedAnalyticsEvent {
  type: string
  name: string
  path?: string
  occurred_at?: string
  props?: Record<string, unknown>
}

/** Every analytics event the app has posted since the last test started. */
export const postedAnalytics: PostedAnalyticsEvent[] = []

/** A request as the fake API saw it, in order of arrival. */
export interface SeenRequest {
  method: string
  path: string
  authorization: string | null
}

export const seenRequests: SeenRequest[] = []

/**
 * The page-view and tracker queue flushes 50 ms after the last event, which may fall after a test
 * has reset its handlers; this handler is an initial one, so resets keep it.
 */
const analyticsHandler = http.post(`${apiBase}/analytics/events`, async ({ request }) => {
  const body = (await request.json()) as { events: PostedAnalyticsEvent[] }
  postedAnalytics.push(...body.events)
  return HttpResponse.json({ success: true, data: null, meta: {} })
})

/** The strict MSW server of the UI and client tests: an unhandled request fails the test (STYLE.md, habit 7). */
export const server = setupServer(analyticsHandler)

const unhandled: string[] = []

server.events.on('request:start', ({ request }) => {
  seenRequests.push({
    method: request.method,
    path: new URL(request.url).pathname,
    authorization: request.headers.get('authorization'),
  })
})

server.events.on('request:unhandled', ({ request }) => {
  unhandled.push(`${request.method} ${request.url}`)
})

/**
 * Starts the server for the calling test file. MSW's 'error' strategy only makes the fetch fail,
 * which the API client turns into an ordinary network error, so the unhandled requests are also
 * collected and fail the test that made them.
 */
export function useMswServer() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => {
    server.resetHandlers()
    const leaked = unhandled.splice(0)
    postedAnalytics.length = 0
    seenRequests.length = 0
    expect(leaked, 'requests without an MSW handler').toEqual([])
  })
  afterAll(() => server.close())
  return server
}
