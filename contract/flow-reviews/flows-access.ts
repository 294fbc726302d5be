/**
 * The page flags (SPEC.md section 6) that open /flows and its reviews on a production server; outside
 * production everyone who is signed in reviews (docs/decisions.md, "Flows section").
 */
export const FLOWS_PAGE_FLAGS: readonly string[] = ['superuser', 'support_tech_user']

/** Whether a user with these page flags sees /flows on a production server. */
export const mayOpenFlows = (pageFlags: readonly string[]): boolean =>
  pageFlags.some((flag) => FLOWS_PAGE_FLAGS.includes(flag))
