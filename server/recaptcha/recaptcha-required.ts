import { HttpError } from '../http/http-error'

export const RECAPTCHA_MESSAGE = /*i18n*/ 'Confirm that you are not a robot'

/**
 * The reply when a reCAPTCHA is needed and the request has no valid token: 422 on google_recaptcha_v2_token,
 * with need_recaptcha beside it, so the client shows the check and sends the call again with its token.
 */
export function recaptchaRequiredError(): HttpError {
  return new HttpError(422, /*i18n*/ 'Validation failed', {
    fieldErrors: { google_recaptcha_v2_token: [RECAPTCHA_MESSAGE] },
    details: { need_recaptcha: true },
  })
}
