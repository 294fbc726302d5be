import { createContext, useContext } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { embeddedMachine } from '../../machines/embedded'

export type EmbeddedActor = ActorRefFrom<typeof embeddedMachine>

export const EmbeddedActorContext = createContext<EmbeddedActor | null>(null)

/** The page's embedded-mode actor; screens read its state and flows report to it. */
export function useEmbeddedActor(): EmbeddedActor {
  const actor = useContext(EmbeddedActorContext)
  if (!actor) throw new Error('useEmbeddedActor must be used inside EmbeddedProvider')
  return actor
}
