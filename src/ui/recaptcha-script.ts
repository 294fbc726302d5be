/** The part of Google's reCAPTCHA v2 API (window.grecaptcha) that the first step uses. */
export interface Grecaptcha {
  render(
    container: HTMLElement,
    parameters: {
      sitekey: string
      callback: (token: string) => void
      'expired-callback': () => void
      hl?: string
    },
  ): number
  reset(widgetId?: number): void
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha
  }
}

/** The global function Google's script calls once grecaptcha.render can be used. */
export const RECAPTCHA_ONLOAD_CALLBACK = 'onRecaptchaApiLoaded'

const SCRIPT_URL = `https://www.google.com/recaptcha/api.js?onload=${RECAPTCHA_ONLOAD_CALLBACK}&render=explicit`

let loading: Promise<Grecaptcha> | null = null

/**
 * Adds Google's script to the page once and resolves with grecaptcha when the script says it is ready. A failed
 * load is forgotten, so that the next attempt (another widget, a later visit to the step) tries again.
 */
export function loadRecaptcha(): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const globals = window as unknown as Record<string, unknown>
    globals[RECAPTCHA_ONLOAD_CALLBACK] = () => {
      if (window.grecaptcha) resolve(window.grecaptcha)
      else reject(new Error('reCAPTCHA loaded without grecaptcha'))
    }
    const script = document.createElement('script')
    script.src = SCRIPT_URL
    script.async = true
    script.defer = true
    script.onerror = () => {
      script.remove()
      reject(new Error('reCAPTCHA script failed to load'))
    }
    document.head.append(script)
  }).catch((error: unknown) => {
    loading = null
    throw error
  })
  return loading
}
