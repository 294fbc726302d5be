import { useLingui } from '@lingui/react/macro'
import { useSyncExternalStore } from 'react'
import { toastStore } from './toast-store'

/** Renders the toasts; polite for information, assertive for errors. */
export function Toaster() {
  const { t } = useLingui()
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.snapshot)
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
        >
          <div className="toast__body">
            <p className="toast__message">{toast.message}</p>
            {toast.caption && toast.caption !== toast.message ? (
              <p className="toast__caption">{toast.caption}</p>
            ) : null}
          </div>
          <button
            type="button"
            className="toast__close"
            aria-label={t`Close`}
            onClick={() => toastStore.dismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
