import type { QueryClient } from '@tanstack/react-query'
import { fromPromise, waitFor } from 'xstate'
import { embeddedMachine, type EmbeddedContext } from '../../machines/embedded'
import { embeddingConfigQueryOptions } from '../api/embedding/embedding-config'
import { issueParentToken } from '../api/embedding/parent-token'
import type { SessionActor } from '../app/session'
import { detectEmbedding, type DetectionWindow } from './detect-embedding'
import { outgoingMessage, type OutgoingMessage } from './messages'
import { createParentBridge, type BridgeWindow } from './parent-bridge'
import { settleUsageMode } from './usage-mode'

/** How long the completion waits for the frame's sign-out before handing the token over anyway. */
const logoutWaitMs = 15_000

export interface EmbeddedLogicDependencies {
  win: DetectionWindow & BridgeWindow
  session: SessionActor
  queryClient: QueryClient
  /** The path the frame shows now, for the ready message. */
  currentPath: () => string
}

/** The embedded machine with the app's effects: detection, the two calls and posting to the parent. */
export function createEmbeddedLogic({ win, session, queryClient, currentPath }: EmbeddedLogicDependencies) {
  const post = (context: EmbeddedContext, message: OutgoingMessage) => {
    if (context.parentOrigin) createParentBridge(win, context.parentOrigin).post(message)
  }

  return embeddedMachine.provide({
    actors: {
      detectEmbedding: fromPromise(async () => {
        try {
          const parent = await detectEmbedding(win, async () => {
            const config = await queryClient.ensureQueryData(embeddingConfigQueryOptions())
            return config.parent_origins
          })
          settleUsageMode(parent ? 'AA' : 'ERP')
          return parent
        } catch (error) {
          settleUsageMode('ERP')
          throw error
        }
      }),
      issueParentToken: fromPromise(async ({ input }: { input: { parentOrigin: string } }) => {
        const token = await issueParentToken(input.parentOrigin)
        return token.access_token
      }),
      logoutFrameSession: fromPromise(async () => {
        // The session machine revokes the session on the server and forgets the tokens on this device.
        session.send({ type: 'session.ended' })
        await waitFor(session, (snapshot) => snapshot.matches('signedOut'), { timeout: logoutWaitMs })
      }),
    },
    actions: {
      postReady: ({ context }) => post(context, outgoingMessage('ready', { path: currentPath() })),
      postWebPageVisit: ({ context }, params) => post(context, outgoingMessage('webPageVisit', params)),
      postLogin: ({ context }) => post(context, outgoingMessage('login', {})),
      postResetPasswordComplete: ({ context }) => post(context, outgoingMessage('resetPasswordComplete', {})),
      postRegistrationComplete: ({ context }) => {
        const { completion, parentToken } = context
        if (!completion || !parentToken) return
        post(
          context,
          outgoingMessage('registrationComplete', {
            token: parentToken,
            user: completion.user,
            company: completion.company,
            progress: completion.progress,
            isIndividual: completion.isIndividual,
          }),
        )
      },
      postRedirect: ({ context }, params) => post(context, outgoingMessage('redirect', params)),
    },
  })
}
