import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { createActor, fromPromise, waitFor } from 'xstate'
import { sessionMachine, type SessionUser } from '../../machines/session'
import { ApiError } from '../api/api-error'
import { logoutSession } from '../api/auth/logout'
import { refreshToken } from '../api/auth/refresh-token'
import { fetchSessionInfo } from '../api/auth/session-info'
import { setAuthHandlers } from '../api/client'
import { clearAccessToken, readAccessToken } from '../api/token-store'
import { showErrorModal } from '../ui/error-modal'
import { inspectionOptions } from './inspection'
import type { QueryClient } from '@tanstack/react-query'

/** Rejects with the failed call: the session machine refreshes after a 401 with 1001 and signs out otherwise. */
async function restoreSession(): Promise<SessionUser> {
  if (!readAccessToken()) throw new ApiError('No stored session', { status: 0 })
  const info = await fetchSessionInfo()
  return { id: info.user.id, name: info.user.name }
}

/**
 * Creates the session of this tab and makes the API client report expired and rejected tokens to it.
 * The app makes one; tests make a fresh one each.
 */
export function createSessionActor(queryClient: QueryClient) {
  const sessionActor = createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(restoreSession),
        refreshToken: fromPromise(async () => {
          const user = await refreshToken()
          return { id: user.id, name: user.name }
        }),
        endSession: fromPromise(logoutSession),
      },
      actions: {
        clearTokens: () => {
          clearAccessToken()
          queryClient.clear()
        },
        showAuthorizationError: () =>
          showErrorModal({
            title: i18n._(msg`Request error`),
            message: i18n._(msg`An authorization error has occurred`),
          }),
      },
    }),
    inspectionOptions(),
  )

  setAuthHandlers({
    async renewExpiredToken(expiredToken) {
      // Another request (or another tab) may already have put a fresh token in the cookie.
      const current = readAccessToken()
      if (current && current !== expiredToken) return true
      sessionActor.send({ type: 'token.expired' })
      const settled = await waitFor(sessionActor, (snapshot) => !snapshot.matches('refreshing'))
      return settled.matches('valid')
    },
    rejectSession() {
      sessionActor.send({ type: 'token.invalid' })
    },
  })
  return sessionActor
}

export type SessionActor = ReturnType<typeof createSessionActor>
