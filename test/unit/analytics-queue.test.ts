import { waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { analyticsFlushDelayMs, enqueueAnalyticsEvent } from '../../src/api/analytics/analytics-queue'
import { postedAnalytics, seenRequests, useMswServer } from '../support/msw-server'

useMswServer()

afterEach(() => {
  vi.useRealTimers()
})

const batches = () => seenRequests.filter((request) => request.path === '/api/v1/analytics/events')

describe('analytics queue (SPEC.md section 9)', () => {
  it('sends nothing for 50 ms, then every queued event in one batch', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    expect(analyticsFlushDelayMs).toBe(50)
    for (const name of ['first', 'second', 'third']) {
      enqueueAnalyticsEvent({ type: 'tracker', name, mode: 'ERP' })
    }
    vi.advanceTimersByTime(analyticsFlushDelayMs - 1)
    await Promise.resolve()
    expect(batches()).toEqual([])

    vi.advanceTimersByTime(1)
    vi.useRealTimers()
    await waitFor(() => expect(postedAnalytics).toHaveLength(3))
    expect(batches()).toHaveLength(1)
    expect(postedAnalytics.map((event) => event.name)).toEqual(['first', 'second', 'third'])
    // Each event carries the time it happened, not the time it was sent.
    for (const event of postedAnalytics) expect(Date.parse(event.occurred_at ?? '')).not.toBeNaN()
  })

  it('starts a new batch for events queued after a flush', async () => {
    enqueueAnalyticsEvent({ type: 'page_view', name: 'page_view', mode: 'ERP', path: '/' })
    await waitFor(() => expect(batches()).toHaveLength(1))
    enqueueAnalyticsEvent({ type: 'page_view', name: 'page_view', mode: 'ERP', path: '/signin' })
    await waitFor(() => expect(batches()).toHaveLength(2))
    expect(postedAnalytics.map((event) => event.path)).toEqual(['/', '/signin'])
  })
})
