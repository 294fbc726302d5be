import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { twoFactorMachine } from '../../machines/two-factor'
import type { SignInFailureClass } from '../../machines/sign-in-failure'
import type { ConfirmationSession, SecondFactorReply, SignedInReply } from '../../machines/auth-flow-types'
import { failures, loginSession } from '../model/two-factor.model'

/** The second factor's code step, each code refused with the next of `refusals`; the failures it reported. */
async function refuseCodes(refusals: unknown[]) {
  const reported: SignInFailureClass[] = []
  const pending = [...refusals]
  const actor = createActor(
    twoFactorMachine.provide({
      actors: {
        restoreSession: fromPromise<ConfirmationSession | null>(async () => loginSession),
        verifyCode: fromPromise<SecondFactorReply | SignedInReply, { uuid: string; code: string }>(
          async () => {
            throw pending.shift()
          },
        ),
      },
      actions: { reportFailure: (_, { failureClass }) => reported.push(failureClass) },
    }),
  ).start()
  await waitFor(actor, (snapshot) => snapshot.matches({ code: 'entering' }))
  for (let index = 0; index < refusals.length; index++) {
    actor.send({ type: 'code.submitted', code: '000000' })
    await waitFor(actor, () => reported.length === index + 1)
  }
  actor.stop()
  return reported
}

// SPEC.md section 8, "Sign-in failure classes": a refused code is a failed sign-in too.
describe('a refused second-factor code', () => {
  it('is reported as a single 2FA error, and the last one allowed as the limit', async () => {
    expect(await refuseCodes([failures.invalid, failures.invalid, failures.exhausted])).toEqual([
      'two_factor',
      'two_factor',
      'two_factor_limit',
    ])
  })
})
