import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { callFailureOf, type CallFailure } from './call-failure'
import { confirmationChannelMachine, type ConfirmationChannel } from './confirmation-channel'
import { isIndividualPlaceCount } from '../contract/onboarding/rules'
import {
  landingFor,
  type Landing,
  type OnboardingScreenName,
  type OnboardingVariant,
  type ProgressFacts,
} from './onboarding-steps'
import type { SessionUser } from './session'

/** What the machine keeps of the server's status object (SPEC.md section 3); the app maps the reply. */
export interface ProgressView extends ProgressFacts {
  progressId: number
  placeCountId: number | null
  /** The channel the last code went by, and the seconds until another may be asked for. */
  channel: ConfirmationChannel | null
  timeToCall: number
  /** Voice calls made so far for this progress; SMS is offered from two on. */
  callCount: number
  hasPhone: boolean
  hasEmail: boolean
  /** The SMS route of the phone: sms_vonage outside Russia and the CIS. */
  smsChannel: 'sms' | 'sms_vonage'
  /** The server's need_recaptcha: the next first step must carry a reCAPTCHA token. */
  needRecaptcha?: boolean
}

/** The first step's answer: a progress, or a demand for reCAPTCHA. */
export interface FirstStepResult {
  progress: ProgressView | null
  needRecaptcha: boolean
}

/**
 * The user states of a visitor who is signed in (the server computes them): such a visitor has
 * nothing to confirm or register, and finishes with their own account.
 */
export const signedInStatuses: readonly string[] = ['user_without_companies', 'user_with_companies']

export const isSignedInStatus = (status: string | undefined) =>
  status !== undefined && signedInStatuses.includes(status)

/** What finishing answers: the session to start (a new account) or null (a signed-in visitor), and the company. */
export interface Completion {
  accessToken: string | null
  user: SessionUser | null
  companyId: number | null
}

/** A failed call as the onboarding screens read it: the one failure shape of every flow. */
export type StepFailure = CallFailure

/** Why the visitor was sent back to the first step, so the screen can say so. */
/**
 * Why the first step shows again: `confirm_again` when a saved progress needs its phone or e-mail confirmed on
 * this device; `code_reopened` when the code screen was opened again (reload, Back, a link), which SPEC.md
 * section 2 sends to first.
 */
export type FirstStepReason = 'confirm_again' | 'code_reopened' | null

export interface OnboardingInput {
  /** True once this browser has accepted the first-step notice (kept by the app). */
  noticeAccepted: boolean
}

export interface OnboardingContext {
  variant: OnboardingVariant
  progress: ProgressView | null
  /**
   * The screen the last opened URL asked for; null once a save, a code or the first step moved the
   * visitor on. The bridge replaces the history entry of a URL the machine redirected, so that the
   * back button never leads into the same redirect again.
   */
  requested: OnboardingScreenName | null
  noticeAccepted: boolean
  needRecaptcha: boolean
  inviteCount: number
  /** Whether continue_register finishes by joining the invites (true) or by creating a company. */
  joining: boolean
  completion: Completion | null
  failure: StepFailure | null
  reason: FirstStepReason
  /** The screen the machine shows now, so that the URL of that screen, coming back, changes nothing. */
  shown: OnboardingScreenName | null
}

export type OnboardingEvent =
  | {
      type: 'route.opened'
      screen: OnboardingScreenName
      progressId: number | null
      variant: OnboardingVariant
    }
  | { type: 'notice.accepted' }
  | { type: 'first.submitted'; values: Record<string, unknown> }
  | { type: 'step.submitted'; values: Record<string, unknown> }
  | { type: 'company.chosen' }
  | { type: 'invites.accepted' }
  | { type: 'registration.submitted'; values: Record<string, unknown> }
  | { type: 'finish.retried' }
  | { type: 'welcome.continued' }

/** The questionnaire steps after first, each saved with its own call. */
export type QuestionnaireStepName = 'second' | 'third' | 'fourth' | 'fifth'

/** 403: this browser holds no right to the progress; 409: its code is not confirmed. Both start again at first. */
const lostAccess = (error: unknown) => {
  const status = callFailureOf(error).status
  return status === 403 || status === 409
}

/** A progress the server answered after a save or a code: it alone decides the next screen. */
const withProgress = (progress: ProgressView) => ({ progress, failure: null, requested: null })

const landing = (context: OnboardingContext): Landing | null =>
  context.progress ? landingFor(context.progress, context.requested, context.variant) : null

/** The names the onboarding flow gives its effects, guards and actors; the app supplies them. */
const onboardingSetup = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as OnboardingInput,
  },
  actors: {
    /**
     * POST /onboarding/first; rejects with the API error. `recaptchaShown`: the robot check was on the form, so a
     * refusal naming it is the visitor's to read rather than a request to show it.
     */
    submitFirst: fromPromise<
      FirstStepResult,
      { values: Record<string, unknown>; variant: OnboardingVariant; recaptchaShown: boolean }
    >(async () => {
      throw new Error('submitFirst is supplied by the app')
    }),
    /** GET /onboarding/progress/{id}. */
    loadProgress: fromPromise<ProgressView, { progressId: number }>(async () => {
      throw new Error('loadProgress is supplied by the app')
    }),
    /** POST /onboarding/{step}/{id}: answers the progress after the step. */
    saveStep: fromPromise<
      ProgressView,
      {
        step: QuestionnaireStepName
        progressId: number
        values: Record<string, unknown>
        variant: OnboardingVariant
      }
    >(async () => {
      throw new Error('saveStep is supplied by the app')
    }),
    confirmationChannel: confirmationChannelMachine,
    /** GET /onboarding/invites: how many companies invited the confirmed phone or e-mail. */
    loadInvites: fromPromise<number, { progressId: number }>(async () => {
      throw new Error('loadInvites is supplied by the app')
    }),
    /** POST /onboarding/continue_register/create_company|accept_invites/{id}. */
    register: fromPromise<
      Completion,
      { progressId: number; joining: boolean; values: Record<string, unknown> }
    >(async () => {
      throw new Error('register is supplied by the app')
    }),
    /** POST /onboarding/create_company/{id} or /onboarding/join/{id} for a signed-in visitor. */
    finishSignedIn: fromPromise<Completion, { progressId: number; joining: boolean }>(async () => {
      throw new Error('finishSignedIn is supplied by the app')
    }),
  },
  actions: {
    /** Remembers on this browser that the first-step notice was accepted. */
    rememberNoticeAccepted: () => {},
    /** Standalone: signs the user in and goes home; embedded: tells the parent frame. */
    reportCompletion: (_, _params: { completion: Completion | null; progressId: number | null }) => {},
  },
  guards: {
    showsRequestedScreen: ({ context, event }) =>
      event.type === 'route.opened' &&
      context.shown === event.screen &&
      (event.screen === 'first' || event.progressId === context.progress?.progressId),
    restoresProgress: ({ event }) =>
      event.type === 'route.opened' &&
      event.progressId !== null &&
      event.screen !== 'first' &&
      event.screen !== 'confirm_code',
    noticeAccepted: ({ context }) => context.noticeAccepted,
    needsRecaptcha: (_, params: { result: FirstStepResult }) => params.result.needRecaptcha,
    answeredSignedIn: (_, params: { result: FirstStepResult }) =>
      isSignedInStatus(params.result.progress?.status),
    lostAccess: (_, params: { error: unknown }) => lostAccess(params.error),
    landsOn: ({ context }, params: { landing: Landing }) => landing(context) === params.landing,
    hasInvites: (_, params: { inviteCount: number }) => params.inviteCount > 0,
    signedIn: ({ context }) => isSignedInStatus(context.progress?.status),
    individual: ({ context }) => isIndividualPlaceCount(context.progress?.placeCountId),
  },
})

type QuestionnaireStep = 'second' | 'third' | 'fourth' | 'fifth'

const stepDescriptions: Record<QuestionnaireStep, string> = {
  second: 'The second step of the questionnaire',
  third: 'The third step of the questionnaire',
  fourth: 'The fourth step of the questionnaire',
  fifth: 'The fifth step of the questionnaire',
}

/**
 * One questionnaire step: its screen while editing, then saving its answers; the progress the server answers
 * decides where the visitor goes next. A refused step (the code must be confirmed again) goes back to first.
 */
const questionnaireStep = (step: QuestionnaireStep) =>
  onboardingSetup.createStateConfig({
    description: stepDescriptions[step],
    meta: { route: `/onboarding/${step}/$id`, area: 'public' },
    entry: assign({ shown: step }),
    initial: 'editing',
    states: {
      editing: {
        description: "The user answers the step's questions",
        on: { 'step.submitted': { target: 'saving', description: 'The user submits the step' } },
      },
      saving: {
        description: "The step's answers are being saved",
        entry: assign({ failure: null }),
        invoke: {
          id: 'saveStep',
          src: 'saveStep',
          input: ({ context, event }) => {
            assertEvent(event, 'step.submitted')
            return {
              step,
              progressId: context.progress!.progressId,
              values: event.values,
              variant: context.variant,
            }
          },
          onDone: {
            description: 'the app moves to the next step',
            target: '#onboarding.routing',
            actions: assign(({ event }) => withProgress(event.output)),
          },
          onError: [
            {
              description: 'the code must be confirmed again: back to the first step',
              guard: { type: 'lostAccess', params: ({ event }) => ({ error: event.error }) },
              target: '#onboarding.first',
              actions: assign({ reason: 'confirm_again' }),
            },
            {
              description: 'the step shows the error',
              target: 'editing',
              actions: assign({ failure: ({ event }) => callFailureOf(event.error) }),
            },
          ],
        },
      },
    },
  })

/**
 * Registration and the business questionnaire (SPEC.md sections 2 to 4). The URL is an input: every
 * opened onboarding URL arrives as `route.opened`, and the machine decides what to show. The first
 * step starts or resumes a progress on the server; its code is confirmed on confirm_code (which is
 * never reached from a URL: it goes back to first); the questionnaire steps follow, four in the
 * older table and five in the newer; a step opened directly restores the progress from the server
 * and lands where the progress allows. At the end a new visitor registers (or joins the companies
 * that invited them), a signed-in visitor creates or joins directly, an individual practitioner
 * sees the welcome screen, and `completed` hands the session to the app through `reportCompletion`.
 */
export const onboardingMachine = onboardingSetup.createMachine({
  id: 'onboarding',
  context: ({ input }) => ({
    variant: 'older',
    progress: null,
    requested: null,
    noticeAccepted: input?.noticeAccepted ?? false,
    needRecaptcha: false,
    inviteCount: 0,
    joining: false,
    completion: null,
    failure: null,
    reason: null,
    shown: null,
  }),
  initial: 'entering',
  on: {
    'route.opened': [
      // The bridge's own navigation comes back as the URL of the screen already shown: nothing to do.
      {
        description: 'The user opens the address of the step already shown',
        guard: 'showsRequestedScreen',
        actions: assign({ requested: null }),
      },
      {
        description: "The user opens a later step's address: the progress is restored",
        guard: 'restoresProgress',
        target: '.restoring',
        actions: assign({ variant: ({ event }) => event.variant, requested: ({ event }) => event.screen }),
      },
      // First itself, and confirm_code reached from any route but first (SPEC.md section 2), show first.
      {
        description: 'The user opens an onboarding address: it starts at the first step',
        target: '.first',
        actions: assign({
          variant: ({ event }) => event.variant,
          requested: ({ event }) => event.screen,
          reason: ({ event }) => (event.screen === 'confirm_code' ? 'code_reopened' : null),
          failure: null,
        }),
      },
    ],
  },
  states: {
    // Nothing is shown until the route tells the machine which URL was opened.
    entering: { description: 'The onboarding is starting' },
    first: {
      description: 'The first step: name, phone or e-mail',
      meta: { route: '/onboarding/first', area: 'public' },
      // A progress whose status said need_recaptcha shows the robot check up front when the visitor is back here.
      entry: assign({
        shown: 'first',
        needRecaptcha: ({ context }) => context.needRecaptcha || context.progress?.needRecaptcha === true,
      }),
      initial: 'checkingNotice',
      states: {
        checkingNotice: {
          description: 'The app checks whether the privacy notice was accepted',
          always: [
            {
              description: 'the privacy notice was accepted before',
              guard: 'noticeAccepted',
              target: 'form',
            },
            { description: 'otherwise the privacy notice is shown', target: 'forbiddenNotice' },
          ],
        },
        // The first-step notice shows until the visitor accepts it (SPEC.md section 2).
        forbiddenNotice: {
          description: 'The privacy notice, to accept before going on',
          on: {
            'notice.accepted': {
              description: 'The user accepts the privacy notice',
              target: 'form',
              actions: [assign({ noticeAccepted: true }), 'rememberNoticeAccepted'],
            },
          },
        },
        form: {
          description: "The first step's form",
          on: { 'first.submitted': { target: 'submitting', description: 'The user submits the first step' } },
        },
        submitting: {
          description: 'The first step is being sent',
          entry: assign({ failure: null }),
          invoke: {
            id: 'submitFirst',
            src: 'submitFirst',
            input: ({ context, event }) => {
              assertEvent(event, 'first.submitted')
              return { values: event.values, variant: context.variant, recaptchaShown: context.needRecaptcha }
            },
            onDone: [
              {
                description: 'the server asks for a robot check',
                guard: { type: 'needsRecaptcha', params: ({ event }) => ({ result: event.output }) },
                target: 'form',
                actions: assign({ needRecaptcha: true }),
              },
              {
                description: 'the user is already signed in: no code is needed',
                // A signed-in visitor has nothing to confirm: their account already holds the contact.
                guard: { type: 'answeredSignedIn', params: ({ event }) => ({ result: event.output }) },
                target: '#onboarding.routing',
                actions: assign({
                  progress: ({ event }) => event.output.progress,
                  requested: null,
                  reason: null,
                }),
              },
              {
                description: 'a code is sent to confirm the contact',
                target: '#onboarding.confirmCode',
                actions: assign({
                  progress: ({ event }) => event.output.progress,
                  requested: null,
                  reason: null,
                }),
              },
            ],
            onError: {
              description: 'the form shows the error',
              target: 'form',
              actions: assign({ failure: ({ event }) => callFailureOf(event.error) }),
            },
          },
        },
      },
    },
    confirmCode: {
      description: 'The user confirms the phone or e-mail with a code',
      meta: { route: '/onboarding/confirm_code/$id', area: 'public' },
      entry: assign({ shown: 'confirm_code' }),
      invoke: {
        id: 'confirmationChannel',
        src: 'confirmationChannel',
        input: ({ context }) => {
          const progress = context.progress!
          return {
            progressId: progress.progressId,
            channel: progress.channel ?? 'call',
            waitPeriod: progress.timeToCall,
            smsChannel: progress.smsChannel,
            callCount: progress.callCount,
            hasPhone: progress.hasPhone,
            hasEmail: progress.hasEmail,
          }
        },
        onDone: {
          description: 'the contact is confirmed',
          target: 'routing',
          actions: assign(({ event }) => withProgress(event.output as ProgressView)),
        },
      },
    },
    restoring: {
      description: 'The saved progress is loading',
      entry: assign({ shown: null }),
      invoke: {
        id: 'loadProgress',
        src: 'loadProgress',
        input: ({ context, event }) => ({
          progressId:
            (event.type === 'route.opened' ? event.progressId : null) ?? context.progress!.progressId,
        }),
        onDone: {
          description: 'the user continues where they stopped',
          target: 'routing',
          actions: assign({ progress: ({ event }) => event.output, failure: null }),
        },
        // An unknown progress cannot be continued: the visitor starts again.
        onError: {
          description: 'the user starts again at the first step',
          target: 'first',
          actions: assign({ progress: null }),
        },
      },
    },
    // Decides the screen the progress allows, for the screen asked for (none after a save or a code).
    routing: {
      description: 'The app decides which step comes next',
      always: [
        {
          description: 'the progress points to the first step',
          guard: { type: 'landsOn', params: { landing: 'first' } },
          target: 'first',
          actions: assign({ reason: 'confirm_again' }),
        },
        {
          description: 'the progress points to the second step',
          guard: { type: 'landsOn', params: { landing: 'second' } },
          target: 'second',
        },
        {
          description: 'the progress points to the third step',
          guard: { type: 'landsOn', params: { landing: 'third' } },
          target: 'third',
        },
        {
          description: 'the progress points to the fourth step',
          guard: { type: 'landsOn', params: { landing: 'fourth' } },
          target: 'fourth',
        },
        {
          description: 'the progress points to the fifth step',
          guard: { type: 'landsOn', params: { landing: 'fifth' } },
          target: 'fifth',
        },
        { description: 'otherwise the questionnaire is done', target: 'loadingInvites' },
      ],
    },
    second: questionnaireStep('second'),
    third: questionnaireStep('third'),
    fourth: questionnaireStep('fourth'),
    fifth: questionnaireStep('fifth'),
    loadingInvites: {
      description: 'The app looks for invitations to companies',
      invoke: {
        id: 'loadInvites',
        src: 'loadInvites',
        input: ({ context }) => ({ progressId: context.progress!.progressId }),
        onDone: [
          {
            description: 'there are invitations: the user chooses',
            guard: { type: 'hasInvites', params: ({ event }) => ({ inviteCount: event.output }) },
            target: 'createOrJoin',
            actions: assign({ inviteCount: ({ event }) => event.output }),
          },
          {
            description: 'a signed-in user without invitations finishes at once',
            guard: 'signedIn',
            target: 'finishingSignedIn',
            actions: assign({ joining: false }),
          },
          {
            description: 'a new user without invitations registers',
            target: 'continueRegister',
            actions: assign({ joining: false }),
          },
        ],
        // Without the invites the visitor can still create a company; joining waits for another time.
        onError: [
          {
            description: 'a signed-in user finishes without invitations',
            guard: 'signedIn',
            target: 'finishingSignedIn',
            actions: assign({ joining: false }),
          },
          {
            description: 'a new user registers without invitations',
            target: 'continueRegister',
            actions: assign({ joining: false }),
          },
        ],
      },
    },
    createOrJoin: {
      description: 'The user creates a company or joins one that invited them',
      meta: { route: '/onboarding/create_or_join/$id', area: 'public' },
      entry: assign({ shown: 'create_or_join' }),
      on: {
        'company.chosen': [
          {
            description: 'A signed-in user creates their own company',
            guard: 'signedIn',
            target: 'finishingSignedIn',
            actions: assign({ joining: false }),
          },
          {
            description: 'A new user chooses to create their own company',
            target: 'continueRegister',
            actions: assign({ joining: false }),
          },
        ],
        'invites.accepted': [
          {
            description: 'A signed-in user joins the inviting companies',
            guard: 'signedIn',
            target: 'finishingSignedIn',
            actions: assign({ joining: true }),
          },
          {
            description: 'A new user chooses to join the inviting companies',
            target: 'continueRegister',
            actions: assign({ joining: true }),
          },
        ],
      },
    },
    continueRegister: {
      description: 'The last registration form',
      meta: { route: '/onboarding/continue_register/$id', area: 'public' },
      entry: assign({ shown: 'continue_register' }),
      initial: 'editing',
      states: {
        editing: {
          description: 'The user fills in the last registration form',
          on: {
            'registration.submitted': {
              target: 'submitting',
              description: 'The user submits the registration form',
            },
          },
        },
        submitting: {
          description: 'The account and company are being created',
          entry: assign({ failure: null }),
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ context, event }) => {
              assertEvent(event, 'registration.submitted')
              return {
                progressId: context.progress!.progressId,
                joining: context.joining,
                values: event.values,
              }
            },
            onDone: {
              description: 'the registration is done',
              target: '#onboarding.finished',
              actions: assign({ completion: ({ event }) => event.output }),
            },
            onError: {
              description: 'the form shows the error',
              target: 'editing',
              actions: assign({ failure: ({ event }) => callFailureOf(event.error) }),
            },
          },
        },
      },
    },
    finishingSignedIn: {
      description: 'Finishing for a user who is already signed in',
      initial: 'working',
      states: {
        working: {
          description: 'The company is being created or joined',
          entry: assign({ failure: null }),
          invoke: {
            id: 'finishSignedIn',
            src: 'finishSignedIn',
            input: ({ context }) => ({ progressId: context.progress!.progressId, joining: context.joining }),
            onDone: {
              description: 'the registration is done',
              target: '#onboarding.finished',
              actions: assign({ completion: ({ event }) => event.output }),
            },
            onError: {
              description: 'the user sees the error',
              target: 'failed',
              actions: assign({ failure: ({ event }) => callFailureOf(event.error) }),
            },
          },
        },
        failed: {
          description: 'Finishing failed; the user can retry',
          on: { 'finish.retried': { target: 'working', description: 'The user tries again' } },
        },
      },
    },
    finished: {
      description: 'The registration is done',
      always: [
        {
          description: 'the user works alone: the welcome screen is shown',
          guard: 'individual',
          target: 'welcome',
        },
        { description: 'otherwise the user goes straight into the app', target: 'completed' },
      ],
    },
    // Individual practitioners are welcomed before they start (SPEC.md section 2).
    welcome: {
      description: 'The welcome screen for an individual practitioner',
      meta: { route: '/onboarding_individual/welcome/$id', area: 'public' },
      entry: assign({ shown: 'welcome' }),
      on: { 'welcome.continued': { target: 'completed', description: 'The user continues into the app' } },
    },
    completed: {
      description: 'The company is created; the user goes into the app',
      type: 'final',
      // A finished registration is not walked back into: Back from its end leaves the flow.
      meta: { route: '/onboarding/complete/$id', area: 'public', history: 'replace' },
      entry: {
        type: 'reportCompletion',
        params: ({ context }) => ({
          completion: context.completion,
          progressId: context.progress?.progressId ?? null,
        }),
      },
    },
  },
})
