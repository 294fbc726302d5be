/**
 * Where a sign-in asked to go once the session has started (the second factor's returned url). The session's
 * signed-in state names the home page, so the flow-route bridge would send the user there; a flow that knows
 * better leaves the path here just before it starts the session, and the bridge takes it once.
 */
let pendingPath: string | null = null

/** Keeps a path on this site for the bridge's next move into the signed-in area. */
export function redirectAfterSignIn(path: string | null) {
  pendingPath = path
}

/** The kept path, forgotten as it is read, so a later sign-in goes home again. */
export function takeRedirectAfterSignIn(): string | null {
  const path = pendingPath
  pendingPath = null
  return path
}
