import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiRequest } from '../client'
import {
  positionListSchema,
  positionSchema,
  type PositionCreate,
  type PositionUpdate,
} from '../../../contract/positions/schemas'

/** GET /company/{id}/positions. */
export function fetchPositions(companyId: number) {
  return apiRequest(`/company/${companyId}/positions`, { schema: positionListSchema })
}
export const positionsQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: ['positions', companyId], queryFn: () => fetchPositions(companyId) })
export const usePositions = (companyId: number) => useQuery(positionsQueryOptions(companyId))

/** POST /company/{id}/positions. */
export function createPosition(companyId: number, body: PositionCreate) {
  return apiRequest(`/company/${companyId}/positions`, { method: 'POST', body, schema: positionSchema })
}
/** PUT /company/{id}/positions/{positionId}. */
export function updatePosition(companyId: number, positionId: number, body: PositionUpdate) {
  return apiRequest(`/company/${companyId}/positions/${positionId}`, {
    method: 'PUT',
    body,
    schema: positionSchema,
  })
}
/**
 * DELETE /company/{id}/positions/{positionId}: refused (409, code 3001, their names in errors.used_by) while
 * working staff or team members hold the position; fired staff and pending invites are left without it.
 */
export function deletePosition(companyId: number, positionId: number) {
  return apiRequest(`/company/${companyId}/positions/${positionId}`, { method: 'DELETE', schema: v.null() })
}

function usePositionsInvalidation(companyId: number) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['positions', companyId] })
}
export function useCreatePosition(companyId: number) {
  const onSuccess = usePositionsInvalidation(companyId)
  return useMutation({ mutationFn: (body: PositionCreate) => createPosition(companyId, body), onSuccess })
}
export function useUpdatePosition(companyId: number) {
  const onSuccess = usePositionsInvalidation(companyId)
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PositionUpdate }) => updatePosition(companyId, id, body),
    onSuccess,
  })
}
export function useDeletePosition(companyId: number) {
  const onSuccess = usePositionsInvalidation(companyId)
  return useMutation({ mutationFn: (id: number) => deletePosition(companyId, id), onSuccess })
}
