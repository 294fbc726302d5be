import type { RegistrationCompletion } from '../../machines/embedded'
import type { EmbeddedActor } from './embedded-context'

let activeActor: EmbeddedActor | null = null

/** The page's embedded provider registers its actor here while it is mounted. */
export function attachEmbeddedActor(actor: EmbeddedActor): () => void {
  activeActor = actor
  return () => {
    if (activeActor === actor) activeActor = null
  }
}

/*
 * What other flows call to report to the admin application. They are plain functions, so that the
 * implementations a flow passes to its machine's `.provide()` can call them from anywhere. Each is safe
 * in standalone mode: the embedded machine decides what, if anything, reaches the parent.
 */

/** Onboarding's `reportCompletion`, once the new session's token is stored and the session started. */
export function reportRegistrationCompletion(completion: RegistrationCompletion) {
  activeActor?.send({ type: 'registration.completed', completion })
}

/** resetPassword's success: the parent hears resetPasswordComplete. */
export function reportPasswordResetCompletion() {
  activeActor?.send({ type: 'password.resetCompleted' })
}

/** Any flow that leaves for the admin application; the location defaults to /cabinet/info. */
export function requestLocationRedirect(location?: string) {
  activeActor?.send(
    location === undefined ? { type: 'location.redirect' } : { type: 'location.redirect', location },
  )
}
