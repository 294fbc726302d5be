import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultToastTimeoutMs, showToast, toastStore, type ToastKind } from '../../src/ui/toast-store'

beforeEach(() => {
  vi.useFakeTimers()
  toastStore.clear()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('toast store (SPEC.md sections 8 and 9)', () => {
  it('shows the four kinds, in order, with their captions', () => {
    const kinds: ToastKind[] = ['error', 'info', 'warning', 'success']
    for (const kind of kinds) showToast(kind, `${kind} message`, kind === 'error' ? { caption: 'why' } : {})
    expect(toastStore.snapshot().map(({ kind, message, caption }) => ({ kind, message, caption }))).toEqual([
      { kind: 'error', message: 'error message', caption: 'why' },
      { kind: 'info', message: 'info message', caption: undefined },
      { kind: 'warning', message: 'warning message', caption: undefined },
      { kind: 'success', message: 'success message', caption: undefined },
    ])
  })

  it('removes a toast after 5000 ms by default', () => {
    expect(defaultToastTimeoutMs).toBe(5000)
    showToast('info', 'Saved')
    vi.advanceTimersByTime(4999)
    expect(toastStore.snapshot()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(toastStore.snapshot()).toHaveLength(0)
  })

  it('keeps a toast for the time it is given', () => {
    showToast('warning', 'Slow', { timeoutMs: 10_000 })
    showToast('error', 'Quick', { timeoutMs: 1000 })
    vi.advanceTimersByTime(1000)
    expect(toastStore.snapshot().map((toast) => toast.message)).toEqual(['Slow'])
    vi.advanceTimersByTime(9000)
    expect(toastStore.snapshot()).toEqual([])
  })

  it('tells subscribers and lets one toast be dismissed', () => {
    const listener = vi.fn()
    const unsubscribe = toastStore.subscribe(listener)
    const first = showToast('info', 'One')
    showToast('info', 'Two')
    toastStore.dismiss(first)
    expect(toastStore.snapshot().map((toast) => toast.message)).toEqual(['Two'])
    expect(listener).toHaveBeenCalledTimes(3)
    unsubscribe()
    showToast('info', 'Three')
    expect(listener).toHaveBeenCalledTimes(3)
  })
})
