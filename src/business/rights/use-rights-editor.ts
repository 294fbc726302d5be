import { useQueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { useState } from 'react'
import { fromPromise } from 'xstate'
import { rightsEditorMachine } from '../../../machines/rights-editor'
import { memberRightsQueryOptions, previewRights, saveRights } from '../../api/rights/rights'
import { inspectionOptions } from '../../app/inspection'
import { routeData } from '../../app/route-data'

/**
 * Runs the rights editor (machines/rights-editor.ts) for one member: the machine reads the rights (the route's
 * loader has fetched them already), asks the server for the diff before saving, and saves on confirmation.
 */
export function useRightsEditor(companyId: number, userId: number) {
  const queryClient = useQueryClient()
  const [machine] = useState(() =>
    rightsEditorMachine.provide({
      actors: {
        readRights: fromPromise(async ({ input }) => {
          const member = await routeData(queryClient, memberRightsQueryOptions(input.companyId, input.userId))
          return { userRole: member.user_role, rights: member.rights }
        }),
        previewRights: fromPromise(
          async ({ input }) => (await previewRights(input.companyId, input.userId, input.edits)).changes,
        ),
        saveRights: fromPromise(async ({ input }) => {
          const saved = await saveRights(input.companyId, input.userId, input.edits)
          // The member's rights, their history and (when it is the user's own company reply) the company change.
          await queryClient.invalidateQueries({ queryKey: ['rights', input.companyId, input.userId] })
          await queryClient.invalidateQueries({ queryKey: ['company', input.companyId] })
          return { userRole: saved.user_role, rights: saved.rights, changes: saved.changes }
        }),
      },
    }),
  )
  return useMachine(machine, { ...inspectionOptions(), input: { companyId, userId } })
}

export type RightsEditorRun = ReturnType<typeof useRightsEditor>
