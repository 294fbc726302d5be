import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../client'
import { canReadCustomFields, customFieldsEntityFilter, type CustomFieldRights } from './read-access'
import {
  companyCustomFieldsSchema,
  customFieldItemsSchema,
  type CompanyCustomField,
  type CustomFieldItem,
  type CustomFieldKind,
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
