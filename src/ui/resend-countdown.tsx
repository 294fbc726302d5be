import { Trans } from '@lingui/react/macro'

/**
 * The wait before a new code may be asked for. The seconds are read through props on purpose: Lingui then
 * names the placeholder {0}, the message id the catalogs already translate.
 */
export function ResendWaitMessage(props: { secondsLeft: number }) {
  return <Trans>You can ask for a new code in {props.secondsLeft} s.</Trans>
}

/**
 * While a new code must wait, the countdown; once it ends, the button that asks for one. The countdown is no live
 * region: a screen reader would read it out every second. It is read where it stands, like the rest of the page.
 */
export function ResendCountdown({
  secondsLeft,
  disabled,
  onResend,
}: {
  secondsLeft: number
  disabled: boolean
  onResend: () => void
}) {
  return secondsLeft > 0 ? (
    <p>
      <ResendWaitMessage secondsLeft={secondsLeft} />
    </p>
  ) : (
    <button type="button" className="button" disabled={disabled} onClick={onResend}>
      <Trans>Send a new code</Trans>
    </button>
  )
}
