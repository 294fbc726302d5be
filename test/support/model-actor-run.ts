import {
  createActor,
  SimulatedClock,
  type AnyActorLogic,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type InspectionEvent,
} from 'xstate'
import { createDeferredActors, type DeferredActors, type DeferredCall } from './model-deferred-actors'

/** A named action that the machine executed, as the app's `.provide()` would have received it. */
export interface FiredAction {
  type: string
  params: unknown
}

/** What one step did inside the actor, collected from XState's inspection events. */
export interface StepObservation {
  actions: FiredAction[]
  /** Actors the step started (deferred fakes), with the input the machine gave them. */
  started: DeferredCall[]
  /** Every transition taken, `always` ones included, in order. */
  transitions: AnyTransitionDefinition[]
  /** The snapshot after each microstep, so transient states (left by `always`) are seen too. */
  microsteps: AnyMachineSnapshot[]
}

export interface ModelActorOptions {
  /** Real or hand-written logic for actors that a deferred promise cannot stand in for. */
  actors?: Record<string, AnyActorLogic>
  input?: unknown
}

/** The init event of a path: starting the actor. */
export const initEventType = 'xstate.init'

const doneActorPrefix = 'xstate.done.actor.'
const errorActorPrefix = 'xstate.error.actor.'
const afterPrefix = 'xstate.after.'

/**
 * A live actor of `machine` with deferred actors and a simulated clock, driven by the same
 * events as the graph: ordinary events are sent, actor done/error events settle the fake,
 * and delayed events move the clock, so the machine's own timers fire.
 */
export function startModelActor(machine: AnyStateMachine, options: ModelActorOptions = {}) {
  const deferred: DeferredActors = createDeferredActors(machine)
  const provided = machine.provide({ actors: { ...deferred.implementations, ...options.actors } })
  const clock = new SimulatedClock()
  let observation = emptyObservation()
  let callsSeen = 0

  const actor = createActor(provided, {
    input: options.input,
    clock,
    inspect: (inspection: InspectionEvent) => {
      if (inspection.type === '@xstate.action' && isRoot(inspection.actorRef)) {
        // Built-in actions (assign, raise, cancel) are how the machine works, not what it asks the app to do.
        if (!inspection.action.type.startsWith('xstate.')) observation.actions.push({ ...inspection.action })
      }
      if (inspection.type === '@xstate.microstep' && isRoot(inspection.actorRef)) {
        observation.transitions.push(...inspection._transitions)
        observation.microsteps.push(inspection.snapshot as AnyMachineSnapshot)
      }
    },
  })

  function isRoot(actorRef: unknown) {
    return (actorRef as { logic?: unknown }).logic === provided
  }

  /** Performs one model event against the actor and waits until every promise it set off has settled. */
  async function perform(event: AnyEventObject): Promise<void> {
    if (event.type === initEventType) actor.start()
    else if (event.type.startsWith(doneActorPrefix))
      pendingCall(event.type.slice(doneActorPrefix.length)).resolve(event.output)
    else if (event.type.startsWith(errorActorPrefix))
      pendingCall(event.type.slice(errorActorPrefix.length)).reject(event.error)
    else if (event.type.startsWith(afterPrefix)) clock.increment(delayOf(event.type))
    else actor.send(event)
    await settle()
  }

  function pendingCall(id: string): DeferredCall {
    const call = deferred.pending.get(id)
    if (!call)
      throw new Error(
        `No call of actor '${id}' is pending; pending: [${[...deferred.pending.keys()].join(', ')}]`,
      )
    return call
  }

  /** Resolves `xstate.after.<delay>.<stateId>` to milliseconds, numeric or a named delay of the machine. */
  function delayOf(eventType: string): number {
    const delay = eventType.slice(afterPrefix.length).split('.')[0] ?? ''
    if (/^\d+$/.test(delay)) return Number(delay)
    const named: unknown = provided.implementations.delays?.[delay]
    const snapshot = actor.getSnapshot()
    const resolved =
      typeof named === 'function' ? named({ context: snapshot.context, event: { type: eventType } }) : named
    if (typeof resolved !== 'number') throw new Error(`Cannot resolve delay '${delay}' of ${eventType}`)
    return resolved
  }

  /** Hands over what happened since the last call, so each step gets only its own actions and calls. */
  function takeObservation(): StepObservation {
    const taken = { ...observation, started: deferred.calls.slice(callsSeen) }
    callsSeen = deferred.calls.length
    observation = emptyObservation()
    return taken
  }

  return { actor, deferred, clock, perform, takeObservation }
}

export type ModelActor = ReturnType<typeof startModelActor>

function emptyObservation(): StepObservation {
  return { actions: [], started: [], transitions: [], microsteps: [] }
}

/** One macrotask: promise callbacks, the fake's settlement and the parent's reaction all run before it. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
