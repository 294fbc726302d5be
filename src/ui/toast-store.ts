/** The four kinds of toast (SPEC.md section 8). */
export type ToastKind = 'error' | 'info' | 'warning' | 'success'

export interface Toast {
  id: number
  kind: ToastKind
  message: string
  caption?: string
}

/** How long a toast stays unless told otherwise (SPEC.md section 9). */
export const defaultToastTimeoutMs = 5000

type Listener = () => void
let toasts: readonly Toast[] = []
let nextId = 1
const listeners = new Set<Listener>()

const emit = () => {
  for (const listener of listeners) listener()
}

export const toastStore = {
  subscribe(listener: Listener) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  snapshot: () => toasts,
  dismiss(id: number) {
    toasts = toasts.filter((toast) => toast.id !== id)
    emit()
  },
  clear() {
    toasts = []
    emit()
  },
}

/** Shows a toast that disappears after `timeoutMs` (5000 ms by default). */
export function showToast(
  kind: ToastKind,
  message: string,
  options: { caption?: string; timeoutMs?: number } = {},
) {
  // The same failure reported by several calls at once (or by retries) shows once.
  const shown = toasts.find((item) => item.kind === kind && item.message === message)
  if (shown) return shown.id
  const toast: Toast = {
    id: nextId++,
    kind,
    message,
    ...(options.caption ? { caption: options.caption } : {}),
  }
  toasts = [...toasts, toast]
  emit()
  setTimeout(() => toastStore.dismiss(toast.id), options.timeoutMs ?? defaultToastTimeoutMs)
  return toast.id
}
