import { useQuery } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import { devToolsQueryOptions, pageFlagsQueryOptions } from '../../api/flows/flows-access'
import { useSessionActor } from '../../app/session-context'
import { mayOpenFlows } from '../../../contract/flow-reviews/flows-access'

export type FlowsAccess = 'checking' | 'allowed' | 'denied'

/**
 * Who may see /flows: everyone in development, and in production only signed-in users with the
 * `superuser` or `support_tech_user` page flag (contract/flow-reviews/flows-access.ts). The built app runs in
 * both, so the server is asked whether it offers development tools (docs/decisions.md, "Flows section").
 */
export function useFlowsAccess(): FlowsAccess {
  const devBuild = import.meta.env.DEV
  const session = useSessionActor()
  const userId = useSelector(session, (snapshot) =>
    snapshot.matches('valid') ? (snapshot.context.user?.id ?? null) : null,
  )
  const devTools = useQuery({ ...devToolsQueryOptions(), enabled: !devBuild })
  const production = devTools.data === false || devTools.isError
  const pageFlags = useQuery({
    ...pageFlagsQueryOptions(userId ?? 0),
    enabled: !devBuild && production && userId !== null,
  })

  if (devBuild) return 'allowed'
  if (devTools.isPending) return 'checking'
  if (!production) return 'allowed'
  if (userId === null) return 'denied'
  if (pageFlags.isPending) return 'checking'
  return pageFlags.data && mayOpenFlows(pageFlags.data) ? 'allowed' : 'denied'
}
