import { describe, expect, it } from 'vitest'
import { createActor, toPromise, type AnyActorLogic, type AnyStateMachine } from 'xstate'
import { confirmationChannelMachine } from '../../machines/confirmation-channel'
import { embeddedMachine } from '../../machines/embedded'
import { inviteMachine } from '../../machines/invite'
import { referencesMachine } from '../../machines/references'
import { resetPasswordMachine } from '../../machines/reset-password'

/**
 * A machine declares each call it makes (the app supplies it with `.provide()`). A machine used without the
 * app's call must fail at once and say which call is missing, rather than answer nothing and let the flow
 * carry on with an empty result.
 */
const machines: AnyStateMachine[] = [
  inviteMachine,
  embeddedMachine,
  confirmationChannelMachine,
  resetPasswordMachine,
  referencesMachine,
]

describe('a call the app has not supplied', () => {
  for (const machine of machines) {
    const actors = Object.entries(machine.implementations.actors as Record<string, AnyActorLogic>)
    for (const [name, logic] of actors) {
      it(`${machine.id}: ${name} fails, naming itself`, async () => {
        const actor = createActor(logic, { input: {} })
        const settled = toPromise(actor)
        actor.start()
        await expect(settled).rejects.toThrow(`${name} is supplied by the app`)
      })
    }
  }
})
