import * as v from 'valibot'

/**
 * One signed-in session of the user (GET /user/sessions): a refresh-token family, with the device it was
 * opened from (the browser's user agent), the address, when it signed in and when it was last active.
 */
export const accountSessionSchema = v.object({
  id: v.string(),
  user_agent: v.nullable(v.string()),
  ip: v.nullable(v.string()),
  signed_in_at: v.string(),
  /** When the session last renewed its access token (every 15 minutes while it is used). */
  last_active_at: v.string(),
  /** The session this request came from: "this device". */
  current: v.boolean(),
  /** Opened by a support account acting as this user. */
  by_support: v.boolean(),
})
export const accountSessionsSchema = v.array(accountSessionSchema)
export type AccountSession = v.InferOutput<typeof accountSessionSchema>

/** DELETE /user/sessions/{sessionId} */
export const accountSessionParamsSchema = v.object({
  sessionId: v.pipe(v.string(), v.uuid(/*i18n*/ 'Not a session id')),
})

/** POST /user/sessions/end_others: how many sessions ended. */
export const endedSessionsSchema = v.object({ ended: v.number() })
