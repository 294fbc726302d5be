import { Trans } from '@lingui/react/macro'
import { StepCard } from './step-card'

/**
 * The first-step notice (SPEC.md section 2): what may not be done with an account, shown until the
 * visitor accepts it; this browser remembers the acceptance (docs/decisions.md, "Onboarding").
 */
export function ForbiddenNotice({ onAccept }: { onAccept: () => void }) {
  return (
    <StepCard titleId="forbidden-notice-title" title={<Trans>Before you register</Trans>}>
      <p>
        <Trans>
          Accounts are for businesses that provide services. Sending spam, reselling accounts and any activity
          forbidden by law are not allowed, and accounts used for them are closed.
        </Trans>
      </p>
      <button type="button" className="button button--primary" autoFocus onClick={onAccept}>
        <Trans>I understand</Trans>
      </button>
    </StepCard>
  )
}
