import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ApiError } from '../api/api-error'
import { showToast } from './toast-store'

/**
 * The error toast of a failed call that no screen owns (SPEC.md section 8, "Toasts"). The message is
 * chosen in the catalogue's order: the client's own text when no reply came (the time-out text is the
 * catalogue's last choice), else the client's sentence for a server failure or an unknown code. The
 * server's own words (the reply's message, meta message or errors message, in that order) are English and
 * written for support, so they show as the caption only to English readers (docs/decisions.md).
 */
export function showRequestFailureToast(error: ApiError) {
  const message =
    error.status === 0
      ? error.message
      : error.status >= 500
        ? i18n._(msg`The server could not complete the request. Please try again in a moment.`)
        : i18n._(msg`The request was refused. Please try again.`)
  const caption =
    error.status !== 0 && i18n.locale === 'en' ? (error.details.caption ?? error.message) : undefined
  showToast('error', message, caption ? { caption } : {})
}
