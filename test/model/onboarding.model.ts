import type { AnyMachineSnapshot } from 'xstate'
import { onboardingMachine, type Completion, type ProgressView } from '../../machines/onboarding'
import { INDIVIDUAL_PLACE_COUNT_ID } from '../../contract/onboarding/rules'
import type { MachineModelOptions } from '../support/model-coverage'

/** The progress id every path works on. */
export const progressId = 41

/** A progress as the server answers it after `lastCompletedStep` (null: none), in a given user state. */
export function progressAt(
  lastCompletedStep: number | null,
  options: { status?: string; individual?: boolean; isCompleted?: boolean } = {},
): ProgressView {
  return {
    progressId,
    status:
      options.status ?? (lastCompletedStep === null ? 'user_new' : 'user_new_with_unfinished_onboarding'),
    isCompleted: options.isCompleted ?? false,
    lastCompletedStep,
    placeCountId: options.individual ? INDIVIDUAL_PLACE_COUNT_ID : 1,
    channel: 'call',
    timeToCall: 30,
    callCount: 1,
    hasPhone: true,
    hasEmail: true,
    smsChannel: 'sms',
  }
}

/** The answers of a new visitor's first step (code sent by a call, not yet confirmed). */
export const unconfirmed = progressAt(null, { status: 'user_not_approved_by_phone' })
/** The first step of a visitor who is signed in already. */
export const signedInFirst = progressAt(0, { status: 'user_without_companies' })

export const newAccount: Completion = {
  accessToken: 'token-new',
  user: { id: 90, name: 'Vera' },
  companyId: 300,
}
export const ownAccount: Completion = { accessToken: null, user: null, companyId: 301 }

const stepIndex = { second: 1, third: 2, fourth: 3, fifth: 4 } as const
type Step = keyof typeof stepIndex

const topState = (snapshot: AnyMachineSnapshot) =>
  typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]!

/** Whether the step is the last one of the snapshot's table, so saving it finishes the questionnaire. */
const isLastStep = (snapshot: AnyMachineSnapshot, step: Step) =>
  step === 'fifth' || (step === 'fourth' && snapshot.context.variant === 'older')

/**
 * What saving a step answers. The last step answers the three kinds of finishing visitor (a new
 * business, an individual practitioner, a signed-in visitor); the others move one step on; the
 * second step of the older table may also answer a progress that another device already took
 * further, which lands on that step.
 */
function saveAnswers(snapshot: AnyMachineSnapshot): object[] {
  const step = topState(snapshot) as Step
  const done = stepIndex[step]
  const status = snapshot.context.progress?.status as string
  if (isLastStep(snapshot, step)) {
    return [
      { output: progressAt(done, { status }) },
      { output: progressAt(done, { status, individual: true }) },
    ]
  }
  return [{ output: progressAt(done, { status }) }]
}

export const machine = onboardingMachine

const apiError = (status: number, message: string, fieldErrors?: Record<string, string[]>) => ({
  status,
  message,
  ...(fieldErrors ? { fieldErrors } : {}),
})

export const modelOptions: MachineModelOptions = {
  input: { noticeAccepted: false },
  // The table and the kind of visitor change where the same state goes next; both are bounded.
  distinguish: (snapshot) => [
    snapshot.context.variant,
    snapshot.context.progress?.status ?? null,
    snapshot.context.progress?.placeCountId === INDIVIDUAL_PLACE_COUNT_ID,
  ],
  events: {
    'route.opened': (snapshot) => {
      const top = topState(snapshot)
      if (top === 'entering') {
        return [
          { screen: 'first', progressId: null, variant: 'newer' },
          { screen: 'first', progressId: null, variant: 'older' },
          { screen: 'confirm_code', progressId, variant: 'newer' },
          { screen: 'fourth', progressId, variant: 'newer' },
        ]
      }
      // The bridge's navigation to the screen shown comes back as that screen's URL; the back button opens second.
      if (top === 'third' && snapshot.matches({ third: 'editing' }) && snapshot.context.variant === 'newer') {
        return [
          { screen: 'third', progressId, variant: 'newer' },
          { screen: 'second', progressId, variant: 'newer' },
        ]
      }
      return []
    },
    'notice.accepted': [{}],
    'first.submitted': [{ values: { phone: '+79001234567', email: 'vera@example.com' } }],
    'step.submitted': [{ values: { answer: 'yes' } }],
    'company.chosen': [{}],
    'invites.accepted': [{}],
    'registration.submitted': [{ values: { name: 'Vera', password: 'long-secret-1' } }],
    'finish.retried': [{}],
    'welcome.continued': [{}],
    'xstate.done.actor.submitFirst': (snapshot) =>
      snapshot.context.variant === 'newer'
        ? [
            { output: { progress: unconfirmed, needRecaptcha: false } },
            { output: { progress: null, needRecaptcha: true } },
            { output: { progress: signedInFirst, needRecaptcha: false } },
          ]
        : [{ output: { progress: unconfirmed, needRecaptcha: false } }],
    'xstate.error.actor.submitFirst': [
      { error: apiError(422, 'Check the fields', { phone: ['Invalid phone'] }) },
    ],
    'xstate.done.actor.confirmationChannel': [{ output: progressAt(0) }],
    'xstate.done.actor.loadProgress': [
      { output: progressAt(1) },
      { output: progressAt(3) },
      { output: progressAt(null, { status: 'user_not_approved_by_phone' }) },
    ],
    'xstate.error.actor.loadProgress': [{ error: apiError(404, 'Not found') }],
    'xstate.done.actor.saveStep': saveAnswers,
    // Each step answers a field error (422), and a browser without the progress cookie gets 403.
    'xstate.error.actor.saveStep': (snapshot) =>
      snapshot.context.variant === 'newer' &&
      snapshot.context.progress?.placeCountId !== INDIVIDUAL_PLACE_COUNT_ID
        ? [
            { error: apiError(422, 'Check the fields', { name: ['Enter a name'] }) },
            { error: apiError(403, 'Forbidden') },
          ]
        : [],
    'xstate.done.actor.loadInvites': [{ output: 0 }, { output: 2 }],
    'xstate.error.actor.loadInvites': [{ error: apiError(503, 'Service unavailable') }],
    'xstate.done.actor.register': [{ output: newAccount }],
    'xstate.error.actor.register': [
      { error: apiError(422, 'Check the fields', { password: ['Too short'] }) },
    ],
    'xstate.done.actor.finishSignedIn': [{ output: ownAccount }],
    'xstate.error.actor.finishSignedIn': [{ error: apiError(503, 'Service unavailable') }],
  },
}
