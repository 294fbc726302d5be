import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiRequest } from '../client'
import {
  labelListSchema,
  labelSchema,
  type LabelCreate,
  type LabelUpdate,
} from '../../../contract/labels/schemas'

/** GET /company/{id}/labels with filter[entity]: the company's labels, optionally of one entity. */
export function fetchCompanyLabels(companyId: number, entity?: number) {
  return apiRequest(`/company/${companyId}/labels`, {
    query: { 'filter[entity]': entity },
    schema: labelListSchema,
  })
}
export const companyLabelsQueryOptions = (companyId: number, entity?: number) =>
  queryOptions({
    queryKey: ['labels', companyId, entity ?? 'all'],
    queryFn: () => fetchCompanyLabels(companyId, entity),
  })
export const useCompanyLabels = (companyId: number, entity?: number) =>
  useQuery(companyLabelsQueryOptions(companyId, entity))

/** GET labels/{companyId}/{entity}. */
export function fetchEntityLabels(companyId: number, entity: number) {
  return apiRequest(`/labels/${companyId}/${entity}`, { schema: labelListSchema })
}
export const entityLabelsQueryOptions = (companyId: number, entity: number) =>
  queryOptions({
    queryKey: ['labels', companyId, 'entity', entity],
    queryFn: () => fetchEntityLabels(companyId, entity),
  })
export const useEntityLabels = (companyId: number, entity: number) =>
  useQuery(entityLabelsQueryOptions(companyId, entity))

/** POST labels/{companyId}/. */
export function createLabel(companyId: number, body: LabelCreate) {
  return apiRequest(`/labels/${companyId}/`, { method: 'POST', body, schema: labelSchema })
}
/** PUT labels/{companyId}/{id}. */
export function updateLabel(companyId: number, id: number, body: LabelUpdate) {
  return apiRequest(`/labels/${companyId}/${id}`, { method: 'PUT', body, schema: labelSchema })
}
/** DELETE labels/{companyId}/{id}: the label is marked deleted. */
export function deleteLabel(companyId: number, id: number) {
  return apiRequest(`/labels/${companyId}/${id}`, { method: 'DELETE', schema: v.null() })
}

/** Mutations refresh every label list of the company, whichever entity filter it used. */
function useLabelsInvalidation(companyId: number) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['labels', companyId] })
}
export function useCreateLabel(companyId: number) {
  const onSuccess = useLabelsInvalidation(companyId)
  return useMutation({ mutationFn: (body: LabelCreate) => createLabel(companyId, body), onSuccess })
}
export function useUpdateLabel(companyId: number) {
  const onSuccess = useLabelsInvalidation(companyId)
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: LabelUpdate }) => updateLabel(companyId, id, body),
    onSuccess,
  })
}
export function useDeleteLabel(companyId: number) {
  const onSuccess = useLabelsInvalidation(companyId)
  return useMutation({ mutationFn: (id: number) => deleteLabel(companyId, id), onSuccess })
}
