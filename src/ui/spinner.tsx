import { useLingui } from '@lingui/react/macro'

/** Spinner sizes of SPEC.md section 9. */
export type SpinnerSize = 'small' | 'medium' | 'large' | 'extra-large'

export function Spinner({ size = 'medium' }: { size?: SpinnerSize }) {
  const { t } = useLingui()
  return <span className={`spinner spinner--${size}`} role="status" aria-label={t`Loading`} />
}
