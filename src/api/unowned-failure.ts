import { ErrorCode } from '../../contract/error-codes'
import type { ApiError } from './api-error'

const knownCodes: readonly number[] = Object.values(ErrorCode)

/**
 * Whether a failed call is one that no form field or screen text owns: no reply at all (network, time-out,
 * an unreadable reply), a server failure (5xx), or an error code the app does not know. These are reported
 * as an error toast (SPEC.md section 8, "Toasts"); everything else is shown by the screen that made the call.
 */
export function isUnownedFailure(failure: {
  status: number | null
  code?: number | null | undefined
}): boolean {
  if (failure.status === null || failure.status === 0) return true
  if (failure.status >= 500) return true
  return failure.code !== undefined && failure.code !== null && !knownCodes.includes(failure.code)
}

type Reporter = (error: ApiError) => void
let reporter: Reporter = () => {}

/** The app registers how unowned failures are shown (an error toast); the client stays free of the UI. */
export function setUnownedFailureReporter(next: Reporter) {
  reporter = next
}

/** Hands a failed call to the reporter when no screen owns it. */
export function reportIfUnowned(error: ApiError) {
  if (isUnownedFailure(error)) reporter(error)
}
