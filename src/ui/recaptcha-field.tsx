import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { useRecaptchaConfig } from '../api/onboarding/recaptcha-config'
import { Spinner } from './spinner'
import { loadRecaptcha, type Grecaptcha } from './recaptcha-script'
import { Checkbox } from './checkbox'
import { FieldError, useFieldIds } from './field-error'

/** The token the development verifier accepts (server/recaptcha). */
const developmentToken = 'dev-recaptcha-ok'

const FIELD_NAME = 'google_recaptcha_v2_token'

/**
 * The reCAPTCHA v2 check the server asks for after repeated attempts (registration's first step, sign-in past
 * a limit): Google's widget when the server has a site key (GET /onboarding/recaptcha_config), otherwise the
 * development "I'm not a robot" box. Either way the token travels in the form field google_recaptcha_v2_token.
 * `submitting` tells the widget when its token has been spent, so that it asks again.
 */
export function RecaptchaField({ error, submitting }: { error: string | undefined; submitting: boolean }) {
  const config = useRecaptchaConfig()
  if (config.isPending) {
    return (
      <div className="field recaptcha-field" role="status">
        <Spinner size="small" /> <Trans>Loading the robot check…</Trans>
      </div>
    )
  }
  if (config.isError) return <RecaptchaUnavailable onRetry={() => void config.refetch()} />
  if (config.data.mode === 'google') {
    return <GoogleRecaptcha siteKey={config.data.site_key} error={error} submitting={submitting} />
  }
  return <DevelopmentCheckbox error={error} />
}

function DevelopmentCheckbox({ error }: { error: string | undefined }) {
  return (
    <div className="field recaptcha-field">
      <Checkbox
        name={FIELD_NAME}
        value={developmentToken}
        label={<Trans>I'm not a robot</Trans>}
        error={error}
      />
    </div>
  )
}

function RecaptchaUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="field recaptcha-field">
      <p className="form-error" role="alert">
        <Trans>The robot check could not be loaded. Check your connection and try again.</Trans>
      </p>
      <button type="button" className="button" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  )
}

/** Google's widget, rendered explicitly in the visitor's language; its token fills a hidden field. */
function GoogleRecaptcha({
  siteKey,
  error,
  submitting,
}: {
  siteKey: string
  error: string | undefined
  submitting: boolean
}) {
  const { i18n, t } = useLingui()
  const container = useRef<HTMLDivElement>(null)
  const widget = useRef<{ api: Grecaptcha; id: number } | null>(null)
  const [token, setToken] = useState('')
  const [askedAgain, setAskedAgain] = useState(false)
  const [loadFailed, setLoadFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const language = i18n.locale
  const { errorId } = useFieldIds(error)

  useEffect(() => {
    let cancelled = false
    // grecaptcha renders once per element, so each render (a language change, StrictMode's second run) gets a
    // fresh element that the cleanup removes again.
    const host = document.createElement('div')
    container.current?.append(host)
    loadRecaptcha().then(
      (api) => {
        if (cancelled) return
        const id = api.render(host, {
          sitekey: siteKey,
          hl: language,
          callback: (value) => {
            setToken(value)
            setAskedAgain(false)
          },
          'expired-callback': () => {
            setToken('')
            setAskedAgain(true)
          },
        })
        widget.current = { api, id }
      },
      () => {
        if (!cancelled) setLoadFailed(true)
      },
    )
    return () => {
      cancelled = true
      widget.current = null
      host.remove()
      setToken('')
    }
  }, [siteKey, language, attempt])

  // A Google token is good for one verification only. A submission that comes back to this form (the token was
  // refused, or the step failed after the server spent it) needs a new one, so the widget starts over.
  const wasSubmitting = useRef(false)
  useEffect(() => {
    if (wasSubmitting.current && !submitting && widget.current) {
      widget.current.api.reset(widget.current.id)
      setToken('')
      setAskedAgain(true)
    }
    wasSubmitting.current = submitting
  }, [submitting])

  // Once the widget has started over, asking again says it all (the server's refusal of the spent token too).
  const message = askedAgain ? t`Confirm once more that you are not a robot.` : error
  if (loadFailed) {
    return (
      <RecaptchaUnavailable
        onRetry={() => {
          setLoadFailed(false)
          setAttempt((value) => value + 1)
        }}
      />
    )
  }

  return (
    <div className="field recaptcha-field">
      <div ref={container} data-testid="recaptcha-widget" />
      <input type="hidden" name={FIELD_NAME} value={token} />
      <FieldError id={errorId} message={message} />
    </div>
  )
}
