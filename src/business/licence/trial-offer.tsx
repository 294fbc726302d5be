import { Trans, useLingui } from '@lingui/react/macro'
import type { ApiError } from '../../api/api-error'
import { useStartTrialLicense } from '../../api/license/license'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { showToast } from '../../ui/toast-store'

/** A company without a licence: the free trial, started once with one button. */
export function TrialOffer({ companyId }: { companyId: number }) {
  const { t } = useLingui()
  const start = useStartTrialLicense(companyId)
  return (
    <>
      <p>
        <Trans>
          Try everything free for 14 days: the trial licence starts at once and needs no payment. A company
          can start the trial only once.
        </Trans>
      </p>
      <button
        type="button"
        className="button button--primary"
        disabled={start.isPending}
        aria-busy={start.isPending}
        onClick={() =>
          start.mutate(undefined, {
            onSuccess: () => showToast('success', t`The 14-day trial has started.`),
            onError: (error) => showRequestFailureToast(error as ApiError),
          })
        }
      >
        <Trans>Start the free trial</Trans>
      </button>
    </>
  )
}
