import { useFlowRouting } from '../app/flow-routing'
import type { EmbeddedActor } from './embedded-context'

/**
 * The embedded completion through the one flow–route bridge: when the machine enters a state with a route
 * (the completion page of the registration), the user is taken there.
 */
export function EmbeddedRouteBridge({ actor }: { actor: EmbeddedActor }) {
  useFlowRouting(actor, {
    params: (snapshot) => ({
      registrationId: (snapshot.context as ReturnType<EmbeddedActor['getSnapshot']>['context'])
        .registrationId,
    }),
  })
  return null
}
