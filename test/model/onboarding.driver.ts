import type { AnyMachineSnapshot } from 'xstate'
import type { OnboardingContext, OnboardingEvent, OnboardingInput } from '../../machines/onboarding'
import type { OnboardingScreenName, OnboardingVariant } from '../../machines/onboarding-steps'
import { screenMetaOf } from '../../machines/route-meta'
import { startModelActor, type ModelActorOptions } from '../support/model-actor-run'
import { machine, progressId } from './onboarding.model'

/** A failed call as the API client rejects it. */
export const apiError = (status: number, message = 'Refused', fieldErrors?: Record<string, string[]>) => ({
  status,
  message,
  ...(fieldErrors ? { fieldErrors } : {}),
})

/**
 * A live onboarding actor whose calls wait for the test, driven one line per step: `open` is a URL the
 * visitor opened, `answer` and `fail` settle the pending call of an invoke id, and `callsOf` reads the
 * inputs the machine gave a call. A null `input` starts the actor as an app that passes none would; `actors`
 * replaces some of the waiting calls with real logic.
 */
export async function startOnboarding(
  input: OnboardingInput | null = { noticeAccepted: true },
  actors: ModelActorOptions['actors'] = {},
) {
  const run = startModelActor(machine, { input: input ?? undefined, actors })
  await run.perform({ type: 'xstate.init' })
  const snapshot = () => run.actor.getSnapshot() as AnyMachineSnapshot
  return {
    run,
    snapshot,
    context: () => snapshot().context as OnboardingContext,
    /** The state as a dotted path, `first.form` or `confirmCode`. */
    state: () => stateOf(snapshot()),
    /** The screen meta of the state shown, as the flow–route bridge reads it. */
    screen: () => screenMetaOf(snapshot()),
    open: (
      screen: OnboardingScreenName,
      id: number | null = progressId,
      variant: OnboardingVariant = 'older',
    ) => run.perform({ type: 'route.opened', screen, progressId: id, variant }),
    send: (event: Exclude<OnboardingEvent, { type: 'route.opened' }>) => run.perform(event),
    answer: (id: string, output: unknown) => run.perform({ type: `xstate.done.actor.${id}`, output }),
    fail: (id: string, error: unknown) => run.perform({ type: `xstate.error.actor.${id}`, error }),
    callsOf: (src: string) => run.deferred.calls.filter((call) => call.src === src).map((call) => call.input),
    /** The named actions (what the app supplies) run since the last call. */
    actions: () => run.takeObservation().actions,
    stop: () => run.actor.stop(),
  }
}

export type OnboardingDriver = Awaited<ReturnType<typeof startOnboarding>>

function stateOf(snapshot: AnyMachineSnapshot): string {
  const parts: string[] = []
  let value: unknown = snapshot.value
  while (typeof value === 'object' && value !== null) {
    const [key, child] = Object.entries(value)[0]!
    parts.push(key)
    value = child
  }
  parts.push(String(value))
  return parts.join('.')
}
