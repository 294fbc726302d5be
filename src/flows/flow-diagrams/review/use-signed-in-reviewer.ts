import { useSelector } from '@xstate/react'
import { useSessionActor } from '../../../app/session-context'

/**
 * Whether someone is signed in to comment and sign off. Outside production /flows opens signed out too, but the
 * reviews are stored per person, so they need a session (in production the section's gate already asks one).
 */
export function useSignedInReviewer(): boolean {
  const session = useSessionActor()
  return useSelector(session, (snapshot) => snapshot.matches('valid') && Boolean(snapshot.context.user))
}
