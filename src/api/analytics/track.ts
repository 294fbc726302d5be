import { enqueueAnalyticsEvent } from './analytics-queue'
import type { AnalyticsEvent } from './schemas'

/** AA when the app runs inside the admin application's frame, ERP when standalone. */
export function usageMode(): AnalyticsEvent['mode'] {
  return window.parent !== window ? 'AA' : 'ERP'
}

/** Reports a page view after a navigation, with the registration id when the route has one. */
export function trackPageView(path: string, registrationId: number | null) {
  enqueueAnalyticsEvent({
    type: 'page_view',
    name: 'page_view',
    mode: usageMode(),
    path,
    registration_id: registrationId,
  })
}

/** Reports a tracker event, such as a classified sign-in failure. */
export function trackEvent(name: string, props: NonNullable<AnalyticsEvent['props']> = {}) {
  enqueueAnalyticsEvent({ type: 'tracker', name, mode: usageMode(), path: window.location.pathname, props })
}
