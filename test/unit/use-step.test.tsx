import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { FormEvent, ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { onboardingMachine, type ProgressView } from '../../machines/onboarding'
import type { OnboardingActor } from '../../src/flows/onboarding/onboarding-actor'
import { OnboardingFlowContext } from '../../src/flows/onboarding/onboarding-context'
import { useStep } from '../../src/flows/onboarding/use-step'
import { statusOf } from '../model/onboarding.fake-api'
import { progressAt } from '../model/onboarding.model'

// What every questionnaire screen reads through useStep: the step's place in "Step n of m", the saved answers
// to prefill, whether it is saving or refused, and what its form sends.

/** A page whose progress the server restores as `restored`; saving a step waits until the test answers it. */
function renderStep(
  restored: ProgressView,
  options: { variant?: 'older' | 'newer'; step?: 'second' | 'fourth' } = {},
) {
  const variant = options.variant ?? 'older'
  const step = options.step ?? 'second'
  let answerSave: (outcome: { progress?: ProgressView; error?: unknown }) => void = () => {}
  // The test reads the input each save was called with.
  const saveStep = vi.fn(
    (_input: object) =>
      new Promise<ProgressView>((resolve, reject) => {
        answerSave = ({ progress, error }) => (progress ? resolve(progress) : reject(error))
      }),
  )
  const machine = onboardingMachine.provide({
    actors: {
      loadProgress: fromPromise(async () => restored),
      saveStep: fromPromise(({ input }) => saveStep(input)),
    },
  })
  const actor = createActor(machine, { input: { noticeAccepted: true } }).start()
  const queryClient = new QueryClient()
  queryClient.setQueryData(['onboarding', 'progress', restored.progressId], statusOf(restored))
  const table = { variant, abVersion: 2, payloadVersion: 3 }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <OnboardingFlowContext.Provider
        value={{ actor: actor as unknown as OnboardingActor, table, abGroupPercentage: 10 }}
      >
        {children}
      </OnboardingFlowContext.Provider>
    </QueryClientProvider>
  )
  actor.send({ type: 'route.opened', screen: step, progressId: restored.progressId, variant })
  const hook = renderHook(() => useStep(step), { wrapper })
  return {
    ...hook,
    actor,
    saveStep,
    answer: (outcome: Parameters<typeof answerSave>[0]) => answerSave(outcome),
  }
}

/** A submit event of a form holding `fields`. */
function submitEvent(fields: Record<string, string>) {
  const form = document.createElement('form')
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input')
    input.name = name
    input.value = value
    form.append(input)
  }
  const preventDefault = vi.fn()
  return {
    event: { preventDefault, currentTarget: form } as unknown as FormEvent<HTMLFormElement>,
    preventDefault,
  }
}

describe('a questionnaire step', () => {
  it('counts a new visitor’s step among the pages they will fill in, the account page included', async () => {
    const { result } = renderStep(progressAt(0))
    await waitFor(() => expect(result.current.saved).toBeDefined())
    expect(result.current).toMatchObject({
      variant: 'older',
      saving: false,
      failure: null,
      individual: false,
      last: false,
    })
    expect(result.current.position).toEqual({ number: 2, of: 5 })
    expect(result.current.saved).toMatchObject({ id: 41, last_completed_step: 0, name: 'Vera' })
  })

  it('makes a signed-in visitor’s last step the last page, and knows an individual practitioner', async () => {
    const { result } = renderStep(progressAt(3, { status: 'user_with_companies', individual: true }), {
      step: 'fourth',
    })
    await waitFor(() => expect(result.current.individual).toBe(true))
    expect(result.current.position).toEqual({ number: 4, of: 4 })
    expect(result.current.last).toBe(true)
  })

  it('counts the newer table’s five steps', async () => {
    const { result } = renderStep(progressAt(0, { status: 'user_with_companies' }), { variant: 'newer' })
    await waitFor(() => expect(result.current.saved).toBeDefined())
    expect(result.current).toMatchObject({ variant: 'newer', position: { number: 2, of: 5 }, last: false })
  })

  it('sends what the form holds, built by the screen, and shows the step as saving until the server answers', async () => {
    const { result, saveStep, answer, actor } = renderStep(progressAt(0))
    await waitFor(() => expect(result.current.saved).toBeDefined())
    const { event, preventDefault } = submitEvent({ name: 'Anna', place_count: '2' })
    act(() =>
      result.current.submit((form) => ({ name: form.get('name'), count: form.get('place_count') }))(event),
    )
    expect(preventDefault).toHaveBeenCalled()
    await waitFor(() => expect(result.current.saving).toBe(true))
    expect(saveStep).toHaveBeenCalledWith(
      expect.objectContaining({ step: 'second', progressId: 41, values: { name: 'Anna', count: '2' } }),
    )
    act(() =>
      answer({
        error: { status: 422, message: 'Enter your name', fieldErrors: { name: ['Enter your name'] } },
      }),
    )
    await waitFor(() => expect(result.current.saving).toBe(false))
    expect(result.current.failure).toMatchObject({ status: 422, fieldErrors: { name: ['Enter your name'] } })
    expect(actor.getSnapshot().matches({ second: 'editing' })).toBe(true)
  })

  it('has nothing saved to show before a progress is known', () => {
    const actor = createActor(onboardingMachine, { input: { noticeAccepted: true } }).start()
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={new QueryClient()}>
        <OnboardingFlowContext.Provider
          value={{
            actor: actor as unknown as OnboardingActor,
            table: { variant: 'older', abVersion: 2, payloadVersion: 3 },
            abGroupPercentage: 10,
          }}
        >
          {children}
        </OnboardingFlowContext.Provider>
      </QueryClientProvider>
    )
    const { result } = renderHook(() => useStep('second'), { wrapper })
    expect(result.current).toMatchObject({ saved: undefined, individual: false, failure: null })
  })
})
