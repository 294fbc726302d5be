import { useQueryClient } from '@tanstack/react-query'
import { Outlet, useLocation } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { useState } from 'react'
import type { ActorOptions, AnyActorLogic } from 'xstate'

type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>
import { inspectionOptions } from '../../app/inspection'
import { useSessionActor } from '../../app/session-context'
import { recordArrival } from './attribution'
import { createOnboardingMachine, noticeAcceptedBefore } from './onboarding-actor'
import { OnboardingFlowContext } from './onboarding-context'
import { useFlowRouting } from '../../app/flow-routing'
import { onboardingRouting } from './onboarding-routing'
import { abGroupPercentage, chooseTable } from './table-choice'
import './onboarding.css'

/**
 * The clock of the onboarding actors: real time unless a test puts a simulated clock here, so that
 * the resend countdown (XState delays, DESIGN.md) runs on the test's clock.
 */
export const onboardingClock: { current: Clock | undefined } = { current: undefined }

/**
 * The layout of every onboarding route: one onboarding actor lives here while the visitor moves
 * between steps, so that a step's answer, the code countdown and the progress survive navigation.
 */
export function OnboardingFlow() {
  const session = useSessionActor()
  const queryClient = useQueryClient()
  // The router's location, not window's: the page flags arrive with the URL the router opened.
  const searchStr = useLocation({ select: (location) => location.searchStr })

  const [setup] = useState(() => {
    recordArrival()
    const percentage = abGroupPercentage()
    const table = chooseTable(new URLSearchParams(searchStr), percentage)
    const machine = createOnboardingMachine({
      queryClient,
      session,
      abGroupPercentage: percentage,
    })
    return { machine, table, percentage }
  })
  const actor = useActorRef(setup.machine, {
    input: { noticeAccepted: noticeAcceptedBefore() },
    // An explicit `clock: undefined` would replace XState's real clock, so it is only passed when set.
    ...(onboardingClock.current ? { clock: onboardingClock.current } : {}),
    ...inspectionOptions(),
  })

  useFlowRouting(actor, onboardingRouting(setup.table.variant))

  return (
    <OnboardingFlowContext.Provider
      value={{ actor, table: setup.table, abGroupPercentage: setup.percentage }}
    >
      <Outlet />
    </OnboardingFlowContext.Provider>
  )
}
