import { useMemo } from 'react'
import type { RegistrationCompletion } from '../../machines/embedded'
import { useEmbeddedActor } from './embedded-context'

/**
 * What other flows call to report to the admin application. Each call is safe in standalone mode too:
 * the embedded machine decides what, if anything, reaches the parent.
 * - onboarding's `reportCompletion`: `registrationCompleted(...)` once the new session is stored;
 * - resetPassword's success: `passwordResetCompleted()`;
 * - any flow that leaves for the admin application: `redirect(location?)`, /cabinet/info by default.
 */
export function useEmbeddedReporting() {
  const actor = useEmbeddedActor()
  return useMemo(
    () => ({
      registrationCompleted: (completion: RegistrationCompletion) =>
        actor.send({ type: 'registration.completed', completion }),
      passwordResetCompleted: () => actor.send({ type: 'password.resetCompleted' }),
      redirect: (location?: string) =>
        actor.send(location === undefined ? { type: 'location.redirect' } : { type: 'location.redirect', location }),
    }),
    [actor],
  )
}
