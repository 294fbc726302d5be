import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiRequest } from '../client'
import {
  recordGroupListSchema,
  recordGroupSchema,
  type RecordGroupBody,
} from '../../../contract/record-groups/schemas'

/** GET /company/{id}/record_groups: the halls and departments with their working staff members. */
export function fetchRecordGroups(companyId: number) {
  return apiRequest(`/company/${companyId}/record_groups`, { schema: recordGroupListSchema })
}
export const recordGroupsQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: ['record-groups', companyId], queryFn: () => fetchRecordGroups(companyId) })
export const useRecordGroups = (companyId: number, options: { enabled?: boolean } = {}) =>
  useQuery({ ...recordGroupsQueryOptions(companyId), enabled: options.enabled ?? true })

/** POST /company/{id}/record_groups. */
export function createRecordGroup(companyId: number, body: RecordGroupBody) {
  return apiRequest(`/company/${companyId}/record_groups`, {
    method: 'POST',
    body,
    schema: recordGroupSchema,
  })
}
/** PUT /company/{id}/record_groups/{groupId}: a new title. */
export function renameRecordGroup(companyId: number, groupId: number, body: RecordGroupBody) {
  return apiRequest(`/company/${companyId}/record_groups/${groupId}`, {
    method: 'PUT',
    body,
    schema: recordGroupSchema,
  })
}
/** DELETE /company/{id}/record_groups/{groupId}: its staff members are left without a group. */
export function deleteRecordGroup(companyId: number, groupId: number) {
  return apiRequest(`/company/${companyId}/record_groups/${groupId}`, { method: 'DELETE', schema: v.null() })
}

/** A change of the groups changes the staff members' cards (their group) too. */
function useRecordGroupsInvalidation(companyId: number) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['record-groups', companyId] }),
      queryClient.invalidateQueries({ queryKey: ['staff'] }),
    ])
}
export function useCreateRecordGroup(companyId: number) {
  const onSuccess = useRecordGroupsInvalidation(companyId)
  return useMutation({ mutationFn: (body: RecordGroupBody) => createRecordGroup(companyId, body), onSuccess })
}
export function useRenameRecordGroup(companyId: number) {
  const onSuccess = useRecordGroupsInvalidation(companyId)
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RecordGroupBody }) =>
      renameRecordGroup(companyId, id, body),
    onSuccess,
  })
}
export function useDeleteRecordGroup(companyId: number) {
  const onSuccess = useRecordGroupsInvalidation(companyId)
  return useMutation({ mutationFn: (id: number) => deleteRecordGroup(companyId, id), onSuccess })
}
