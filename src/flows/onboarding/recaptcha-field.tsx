import { Trans } from '@lingui/react/macro'
import { FieldError } from './step-card'

/** The token the development verifier accepts (server/recaptcha). */
const developmentToken = 'dev-recaptcha-ok'

/**
 * The reCAPTCHA v2 check the server asks for after repeated first steps. Google's widget needs its
 * script and a site key, which this build does not have (docs/decisions.md, "Onboarding"); until one is
 * configured, the check is a plain "I'm not a robot" box that the development verifier accepts.
 */
export function RecaptchaField({ error }: { error: string | undefined }) {
  return (
    <div className="field recaptcha-field">
      <label className="checkbox">
        <input
          type="checkbox"
          name="google_recaptcha_v2_token"
          value={developmentToken}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'google_recaptcha_v2_token-error' : undefined}
        />
        <Trans>I'm not a robot</Trans>
      </label>
      <FieldError name="google_recaptcha_v2_token" message={error} />
    </div>
  )
}
