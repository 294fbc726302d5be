import { fromPromise, type AnyActorLogic, type AnyStateMachine } from 'xstate'

/** One start of a faked actor: what the machine handed it, and the handles the test settles it with. */
export interface DeferredCall {
  /** The invoke id: the `<id>` of `xstate.done.actor.<id>` and `xstate.error.actor.<id>`. */
  id: string
  /** The name of the actor implementation in the machine's `setup({ actors })`. */
  src: string
  input: unknown
  resolve: (output: unknown) => void
  reject: (error: unknown) => void
}

export interface DeferredActors {
  /** Actor implementations to pass to `machine.provide({ actors })`. */
  implementations: Record<string, AnyActorLogic>
  /** Every start so far, in order; a test counts them to prove, say, that only one refresh ran. */
  calls: DeferredCall[]
  /** The starts that still wait for the test, by invoke id; a stopped actor leaves this map. */
  pending: Map<string, DeferredCall>
}

/**
 * Replaces every named actor of `machine` with a promise that only the test settles. The model
 * then decides when a call answers and with what, exactly like the `xstate.done.actor.*` and
 * `xstate.error.actor.*` events of the graph, and no real I/O ever runs.
 */
export function createDeferredActors(machine: AnyStateMachine): DeferredActors {
  const calls: DeferredCall[] = []
  const pending = new Map<string, DeferredCall>()
  const actorNames = Object.keys(machine.implementations.actors ?? {})
  const implementations = Object.fromEntries(
    actorNames.map((src) => [
      src,
      fromPromise<unknown, unknown>(
        ({ input, self, signal }) =>
          new Promise((resolve, reject) => {
            const call: DeferredCall = {
              id: self.id,
              src,
              input,
              resolve: (output) => {
                pending.delete(self.id)
                resolve(output)
              },
              reject: (error) => {
                pending.delete(self.id)
                reject(error)
              },
            }
            calls.push(call)
            pending.set(self.id, call)
            signal.addEventListener('abort', () => pending.delete(self.id))
          }),
      ),
    ]),
  )
  return { implementations, calls, pending }
}
