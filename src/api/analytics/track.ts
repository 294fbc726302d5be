import { withUsageMode } from '../../embedded/usage-mode'
import { enqueueAnalyticsEvent } from './analytics-queue'
import type { AnalyticsEvent } from '../../../contract/analytics/schemas'

/** Reports a page view after a navigation, with the registration id when the route has one. */
export function trackPageView(path: string, registrationId: number | null) {
  withUsageMode((mode) =>
    enqueueAnalyticsEvent({
      type: 'page_view',
      name: 'page_view',
      mode,
      path,
      registration_id: registrationId,
    }),
  )
}

/** Reports a tracker event, such as a classified sign-in failure. */
export function trackEvent(name: string, props: NonNullable<AnalyticsEvent['props']> = {}) {
  const path = window.location.pathname
  withUsageMode((mode) => enqueueAnalyticsEvent({ type: 'tracker', name, mode, path, props }))
}
