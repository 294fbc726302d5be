import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiRequest } from '../client'
import { canReadCustomFields, customFieldsEntityFilter, type CustomFieldRights } from './read-access'
import {
  companyCustomFieldSchema,
  companyCustomFieldsSchema,
  customFieldItemsSchema,
  type CompanyCustomField,
  type CustomFieldCreate,
  type CustomFieldItem,
  type CustomFieldKind,
  type CustomFieldSort,
  type CustomFieldUpdate,
} from '../../../contract/custom-fields/schemas'

/**
 * GET /custom_fields/{kind}/{companyId}?include=custom_field.ui_options. Without read access to the kind nothing
 * is fetched and the list is empty; a failed call also gives an empty list (SPEC.md section 7), because a record
 * or client card must open without its custom fields rather than not at all.
 */
export async function fetchCustomFieldItems(
  kind: CustomFieldKind,
  companyId: number,
  rights: CustomFieldRights,
): Promise<CustomFieldItem[]> {
  if (!canReadCustomFields(rights, kind)) return []
  try {
    return await apiRequest(`/custom_fields/${kind}/${companyId}`, {
      query: { include: 'custom_field.ui_options' },
      schema: customFieldItemsSchema,
    })
  } catch {
    return []
  }
}

export const customFieldItemsQueryOptions = (
  kind: CustomFieldKind,
  companyId: number,
  rights: CustomFieldRights,
) =>
  queryOptions({
    queryKey: ['custom-fields', companyId, kind, canReadCustomFields(rights, kind)],
    queryFn: () => fetchCustomFieldItems(kind, companyId, rights),
  })

export const useCustomFieldItems = (kind: CustomFieldKind, companyId: number, rights: CustomFieldRights) =>
  useQuery(customFieldItemsQueryOptions(kind, companyId, rights))

/**
 * GET /companies/{companyId}/custom_fields?include=custom_field_type,ui_options with filter[parent_entity_type]
 * naming the one readable kind (no filter when both are readable; no call when neither is).
 */
export async function fetchCompanyCustomFields(
  companyId: number,
  rights: CustomFieldRights,
): Promise<CompanyCustomField[]> {
  const filter = customFieldsEntityFilter(rights)
  if (filter === 'none') return []
  return apiRequest(`/companies/${companyId}/custom_fields`, {
    query: {
      include: 'custom_field_type,ui_options',
      ...(filter === null ? {} : { 'filter[parent_entity_type]': filter }),
    },
    schema: companyCustomFieldsSchema,
  })
}

export const companyCustomFieldsQueryOptions = (companyId: number, rights: CustomFieldRights) =>
  queryOptions({
    queryKey: ['custom-fields', companyId, 'company', customFieldsEntityFilter(rights)],
    queryFn: () => fetchCompanyCustomFields(companyId, rights),
  })

export const useCompanyCustomFields = (companyId: number, rights: CustomFieldRights) =>
  useQuery(companyCustomFieldsQueryOptions(companyId, rights))

/**
 * GET /companies/{companyId}/custom_fields with filter[parent_entity_type]=kind, with types and ui options: one
 * kind's fields in their order, as the settings page lists them (an empty list without read access to the kind).
 */
export function fetchKindCustomFields(companyId: number, kind: CustomFieldKind) {
  return apiRequest(`/companies/${companyId}/custom_fields`, {
    query: { include: 'custom_field_type,ui_options', 'filter[parent_entity_type]': kind },
    schema: companyCustomFieldsSchema,
  })
}

export const kindCustomFieldsQueryOptions = (companyId: number, kind: CustomFieldKind) =>
  queryOptions({
    queryKey: ['custom-fields', companyId, 'definitions', kind],
    queryFn: () => fetchKindCustomFields(companyId, kind),
  })

export const useKindCustomFields = (companyId: number, kind: CustomFieldKind) =>
  useQuery(kindCustomFieldsQueryOptions(companyId, kind))

/** POST /companies/{companyId}/custom_fields: the new field, last of its kind. */
export function createCustomField(companyId: number, body: CustomFieldCreate) {
  return apiRequest(`/companies/${companyId}/custom_fields`, {
    method: 'POST',
    body,
    schema: companyCustomFieldSchema,
  })
}

/** PUT /companies/{companyId}/custom_fields/{id}. */
export function updateCustomField(companyId: number, id: number, body: CustomFieldUpdate) {
  return apiRequest(`/companies/${companyId}/custom_fields/${id}`, {
    method: 'PUT',
    body,
    schema: companyCustomFieldSchema,
  })
}

/** DELETE /companies/{companyId}/custom_fields/{id}. */
export function deleteCustomField(companyId: number, id: number) {
  return apiRequest(`/companies/${companyId}/custom_fields/${id}`, { method: 'DELETE', schema: v.null() })
}

/** POST /companies/{companyId}/custom_fields/sort: the kind's fields in their new order. */
export function sortCustomFields(companyId: number, body: CustomFieldSort) {
  return apiRequest(`/companies/${companyId}/custom_fields/sort`, {
    method: 'POST',
    body,
    schema: companyCustomFieldsSchema,
  })
}

/** Every change refreshes every custom-field list of the company: the settings page and the cards alike. */
function useCustomFieldsInvalidation(companyId: number) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['custom-fields', companyId] })
}

export function useCreateCustomField(companyId: number) {
  const onSuccess = useCustomFieldsInvalidation(companyId)
  return useMutation({
    mutationFn: (body: CustomFieldCreate) => createCustomField(companyId, body),
    onSuccess,
  })
}

export function useUpdateCustomField(companyId: number) {
  const onSuccess = useCustomFieldsInvalidation(companyId)
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CustomFieldUpdate }) =>
      updateCustomField(companyId, id, body),
    onSuccess,
  })
}

export function useDeleteCustomField(companyId: number) {
  const onSuccess = useCustomFieldsInvalidation(companyId)
  return useMutation({ mutationFn: (id: number) => deleteCustomField(companyId, id), onSuccess })
}

/** The reply is the kind's new order: the page shows it at once, and the other lists are read again. */
export function useSortCustomFields(companyId: number) {
  const queryClient = useQueryClient()
  const invalidate = useCustomFieldsInvalidation(companyId)
  return useMutation({
    mutationFn: (body: CustomFieldSort) => sortCustomFields(companyId, body),
    onSuccess: (fields, body) => {
      queryClient.setQueryData(
        kindCustomFieldsQueryOptions(companyId, body.parent_entity_type).queryKey,
        fields,
      )
      return invalidate()
    },
  })
}
