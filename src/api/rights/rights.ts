import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../client'
import {
  memberRightsSchema,
  rightsHistorySchema,
  rightsPreviewSchema,
  rightsSavedSchema,
  type RightsInput,
} from '../../../contract/rights/schemas'

const rightsPath = (companyId: number, userId: number) => `/company/${companyId}/users/${userId}/rights`

/** GET /company/{id}/users/{userId}/rights. */
export const fetchMemberRights = (companyId: number, userId: number) =>
  apiRequest(rightsPath(companyId, userId), { schema: memberRightsSchema })
export const memberRightsQueryOptions = (companyId: number, userId: number) =>
  queryOptions({
    queryKey: ['rights', companyId, userId],
    queryFn: () => fetchMemberRights(companyId, userId),
  })
export const useMemberRights = (companyId: number, userId: number) =>
  useQuery(memberRightsQueryOptions(companyId, userId))

/** GET .../rights/history: who changed what, newest first. */
export const fetchRightsHistory = (companyId: number, userId: number) =>
  apiRequest(`${rightsPath(companyId, userId)}/history`, { schema: rightsHistorySchema })
export const rightsHistoryQueryOptions = (companyId: number, userId: number) =>
  queryOptions({
    queryKey: ['rights', companyId, userId, 'history'],
    queryFn: () => fetchRightsHistory(companyId, userId),
  })
export const useRightsHistory = (companyId: number, userId: number) =>
  useQuery(rightsHistoryQueryOptions(companyId, userId))

/** POST .../rights/preview: the diff the change would make, shown before saving. */
export const previewRights = (companyId: number, userId: number, rights: RightsInput) =>
  apiRequest(`${rightsPath(companyId, userId)}/preview`, {
    method: 'POST',
    body: { rights },
    schema: rightsPreviewSchema,
  })
export const usePreviewRights = (companyId: number, userId: number) =>
  useMutation({ mutationFn: (rights: RightsInput) => previewRights(companyId, userId, rights) })

/** PUT .../rights. */
export const saveRights = (companyId: number, userId: number, rights: RightsInput) =>
  apiRequest(rightsPath(companyId, userId), { method: 'PUT', body: { rights }, schema: rightsSavedSchema })
export function useSaveRights(companyId: number, userId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (rights: RightsInput) => saveRights(companyId, userId, rights),
    // The member's company reply carries their rights too.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['rights', companyId, userId] })
      await queryClient.invalidateQueries({ queryKey: ['company', companyId] })
    },
  })
}
