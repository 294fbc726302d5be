import { useQueryClient } from '@tanstack/react-query'
import { Outlet, useNavigate, useParams } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { useRef, useState } from 'react'
import { runsInFrame } from '../../api/frame-context'
import { inspectionOptions } from '../../app/inspection'
import { useSessionActor } from '../../app/session-context'
import { languageOf, localizedPath } from '../../i18n/languages'
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
  const navigate = useNavigate()
  const { lang } = useParams({ strict: false }) as { lang?: string }
  const language = languageOf(lang)
  const languageRef = useRef(language)
  languageRef.current = language

  const [setup] = useState(() => {
    recordArrival()
    const percentage = abGroupPercentage()
    const table = chooseTable(new URLSearchParams(window.location.search), percentage)
    const machine = createOnboardingMachine({
      queryClient,
      session,
      abGroupPercentage: percentage,
      onCompleted: (completion, progressId) => {
        // Inside the admin application the completion page hands over to the parent; standalone,
        // the new owner lands on their company's home page, signed in.
        const href = runsInFrame()
          ? localizedPath(languageRef.current, `/onboarding/complete/${progressId ?? ''}`)
          : localizedPath(
              languageRef.current,
              completion.companyId ? `/?company=${completion.companyId}` : '/',
            )
        void navigate({ href, replace: true })
      },
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
