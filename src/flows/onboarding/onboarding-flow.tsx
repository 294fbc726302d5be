import { useQueryClient } from '@tanstack/react-query'
import { Outlet } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { useState } from 'react'
import { inspectionOptions } from '../../app/inspection'
import { useSessionActor } from '../../app/session-context'
import { recordArrival } from './attribution'
import { createOnboardingMachine, noticeAcceptedBefore } from './onboarding-actor'
import { OnboardingFlowContext } from './onboarding-context'
import { OnboardingRouteBridge } from './onboarding-route-bridge'
import { abGroupPercentage, chooseTable } from './table-choice'
import './onboarding.css'

/**
 * The layout of every onboarding route: one onboarding actor lives here while the visitor moves
 * between steps, so that a step's answer, the code countdown and the progress survive navigation.
 */
export function OnboardingFlow() {
  const session = useSessionActor()
  const queryClient = useQueryClient()

  const [setup] = useState(() => {
    recordArrival()
    const percentage = abGroupPercentage()
    const table = chooseTable(new URLSearchParams(window.location.search), percentage)
    const machine = createOnboardingMachine({
      queryClient,
      session,
      abGroupPercentage: percentage,
    })
    return { machine, table, percentage }
  })
  const actor = useActorRef(setup.machine, {
    input: { noticeAccepted: noticeAcceptedBefore() },
    ...inspectionOptions(),
  })

  return (
    <OnboardingFlowContext.Provider
      value={{ actor, table: setup.table, abGroupPercentage: setup.percentage }}
    >
      <OnboardingRouteBridge actor={actor} />
      <Outlet />
    </OnboardingFlowContext.Provider>
  )
}
