import type { QueryClient } from '@tanstack/react-query'
import { fromPromise, type ActorRefFrom } from 'xstate'
import { callFailureOf } from '../../../machines/call-failure'
import { confirmationChannelMachine } from '../../../machines/confirmation-channel'
import { onboardingMachine, type FirstStepResult, type ProgressView } from '../../../machines/onboarding'
import type { OnboardingVariant } from '../../../machines/onboarding-steps'
import {
  fetchInvites,
  fetchProgress,
  postConfirmCode,
  postCreateCompany,
  postFirstStep,
  postJoin,
  postQuestionnaireStep,
  postRegisterWithCompany,
  postRegisterWithInvites,
  postSendConfirmCode,
} from '../../api/onboarding/fetchers'
import { ApiError } from '../../api/api-error'
import { invitesQueryOptions, progressQueryOptions } from '../../api/onboarding/queries'
import type {
  ContinueRegisterAcceptInvitesBody,
  ContinueRegisterCreateCompanyBody,
  FirstStepBody,
  OnboardingCompletion,
  OnboardingStatus,
} from '../../../contract/onboarding/schemas'
import { readCookie, writeCookie } from '../../api/cookies'
import { ONBOARDING_NOTICE_COOKIE } from '../../../contract/browser-cookies'
import { storeAccessToken } from '../../api/token-store'
import type { SessionActor } from '../../app/session'
import { reportRegistrationCompletion } from '../../embedded/embedded-reporting'
import { attributionFields } from './attribution'
import { completionOf, progressViewOf } from './progress-view'

const noticeCookie = ONBOARDING_NOTICE_COOKIE

export interface OnboardingActorDeps {
  queryClient: QueryClient
  session: SessionActor
  abGroupPercentage: number
}

/**
 * The onboarding machine with the app's effects: the calls of SPEC.md section 7, the progress kept in
 * the query cache (so that screens prefill from it), the notice remembered in a cookie and the
 * completion that signs the new user in.
 */
export function createOnboardingMachine(deps: OnboardingActorDeps) {
  const { queryClient, session } = deps
  let lastStatus: OnboardingStatus | null = null
  const remember = (status: OnboardingStatus): ProgressView => {
    lastStatus = status
    queryClient.setQueryData(progressQueryOptions(status.onboarding_progress.id).queryKey, status)
    return progressViewOf(status)
  }
  // A completion answers only the progress's id and `is_completed: true`; the rest of the last status still
  // holds, so the progress handed to the admin application says that the registration is complete.
  const finished = (reply: OnboardingCompletion) => {
    if (lastStatus) {
      lastStatus = {
        ...lastStatus,
        onboarding_progress: { ...lastStatus.onboarding_progress, ...reply.onboarding_progress },
      }
    }
    return completionOf(reply)
  }

  const machine = onboardingMachine.provide({
    actors: {
      submitFirst: fromPromise<
        FirstStepResult,
        { values: Record<string, unknown>; variant: OnboardingVariant; recaptchaShown: boolean }
      >(async ({ input }) => {
        try {
          const status = await postFirstStep({
            ...(input.values as FirstStepBody),
            ...attributionFields(deps.abGroupPercentage),
          })
          return { progress: remember(status), needRecaptcha: false }
        } catch (error) {
          // A refused first step that says need_recaptcha, or names the reCAPTCHA field, asks for the widget;
          // once the widget is on the form, the refusal is shown (an unticked check says so on the check).
          const needRecaptcha =
            error instanceof ApiError && error.details.errorDetails?.need_recaptcha === true
          if (
            !input.recaptchaShown &&
            (needRecaptcha || callFailureOf(error).fieldErrors.google_recaptcha_v2_token)
          ) {
            return { progress: null, needRecaptcha: true }
          }
          throw error
        }
      }),
      loadProgress: fromPromise(async ({ input }) => remember(await fetchProgress(input.progressId))),
      saveStep: fromPromise(async ({ input }) =>
        remember(await postQuestionnaireStep(input.step, input.progressId, input.values)),
      ),
      confirmationChannel: confirmationChannelMachine.provide({
        actors: {
          verifyCode: fromPromise(async ({ input }) =>
            remember(await postConfirmCode(input.progressId, input.code)),
          ),
          sendCode: fromPromise(async ({ input }) => {
            const reply = await postSendConfirmCode(input.progressId, input.channel)
            return {
              channel: reply.confirmation_code_send_channel,
              attemptsLeft: reply.attempts_left,
              waitPeriod: reply.wait_period,
            }
          }),
        },
      }),
      loadInvites: fromPromise(async () => {
        const invites = await fetchInvites()
        queryClient.setQueryData(invitesQueryOptions().queryKey, invites)
        return invites.length
      }),
      register: fromPromise(async ({ input }) => {
        const values = input.values
        const reply = input.joining
          ? await postRegisterWithInvites(input.progressId, values as ContinueRegisterAcceptInvitesBody)
          : await postRegisterWithCompany(input.progressId, {
              ...(values as ContinueRegisterCreateCompanyBody),
              ...attributionFields(deps.abGroupPercentage),
            })
        return finished(reply)
      }),
      finishSignedIn: fromPromise(async ({ input }) =>
        finished(
          input.joining
            ? await postJoin(input.progressId, {})
            : await postCreateCompany(input.progressId, attributionFields(deps.abGroupPercentage)),
        ),
      ),
    },
    actions: {
      rememberNoticeAccepted: () => writeCookie(noticeCookie, '1', { maxAgeSeconds: 400 * 24 * 60 * 60 }),
      reportCompletion: (_, { completion, progressId }) => {
        if (!completion) return
        if (completion.accessToken && completion.user) {
          storeAccessToken(completion.accessToken)
          session.send({ type: 'session.started', user: completion.user })
        }
        void queryClient.invalidateQueries({ queryKey: ['companies'] })
        // The embedded machine takes it from here: standalone it shows /onboarding/complete/{id}, which
        // leads home; inside the admin application it hands the session to the parent frame.
        if (completion.user && progressId !== null) {
          reportRegistrationCompletion({
            registrationId: progressId,
            user: completion.user,
            company: completion.companyId === null ? null : { id: completion.companyId },
            progress: (lastStatus?.onboarding_progress ?? {}) as Record<string, unknown>,
            isIndividual: lastStatus?.onboarding_progress.place_count_id === 3,
          })
        }
      },
    },
  })
  return machine
}

/** Whether this browser accepted the first-step notice before. */
export const noticeAcceptedBefore = () => readCookie(noticeCookie) === '1'

export type OnboardingActor = ActorRefFrom<ReturnType<typeof createOnboardingMachine>>
