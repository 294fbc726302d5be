import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import type { ApiError } from '../../api/api-error'
import { returnToOwnAccount, switchStateQueryOptions } from '../../api/auth/switch-user'
import { isUnownedFailure } from '../../api/unowned-failure'
import { loadHomeAfresh } from '../../app/load-afresh'
import { useSessionActor } from '../../app/session-context'
import { showRequestFailureToast } from '../../ui/request-failure-toast'

/**
 * While support acts as another user, every workspace page says so and offers the way back: support's own
 * session, which never ended, resumes without a password. Back, the app loads afresh at home, so nothing of the
 * customer's stays in memory. Nothing shows for anybody else.
 */
export function ActingAsBanner() {
  const { i18n, t } = useLingui()
  const state = useQuery(switchStateQueryOptions())
  const session = useSessionActor()
  const name = useSelector(session, (snapshot) => snapshot.context.user?.name ?? '')
  const back = useMutation({
    mutationFn: returnToOwnAccount,
    onSuccess: () => loadHomeAfresh(i18n.locale),
    onError: (failure) => {
      if (!isUnownedFailure(failure as ApiError)) showRequestFailureToast(failure as ApiError)
    },
  })
  if (!state.data?.switched_from) return null
  return (
    <div
      className="acting-as"
      role="region"
      aria-label={t`Signed in as another user`}
      data-testid="acting-as"
    >
      <p>
        <Trans>
          You are signed in as <strong>{name}</strong>
        </Trans>
      </p>
      <button
        type="button"
        className="button"
        disabled={back.isPending || back.isSuccess}
        aria-busy={back.isPending}
        onClick={() => back.mutate()}
      >
        <Trans>Return to your account</Trans>
      </button>
    </div>
  )
}
