/**
 * Cookies the app writes for itself that the server reads too, to draw a page before its scripts run
 * (server/http/first-paint.ts): whether the visitor likely has a session, whether they accepted the registration's
 * notice.
 */
/** The access token (SPEC.md section 3), readable by the app's scripts (src/api/token-store.ts). */
export const ACCESS_TOKEN_COOKIE = 'access_token'
/** `1` once the visitor has accepted the registration's notice (src/flows/onboarding/onboarding-actor.ts). */
export const ONBOARDING_NOTICE_COOKIE = 'onboarding_notice_accepted'
