import type { CustomFieldKind } from '../../../contract/custom-fields/schemas'

/** The four custom-field access flags of SPEC.md section 6, as the rights object carries them. */
export interface CustomFieldRights {
  custom_fields_record_values_read_access: boolean
  custom_fields_record_values_edit_access: boolean
  custom_fields_client_values_read_access: boolean
  custom_fields_client_values_edit_access: boolean
}

/** Edit access implies read access (SPEC.md section 5), even in a rights object that says otherwise. */
export function canReadCustomFields(rights: CustomFieldRights, kind: CustomFieldKind): boolean {
  return kind === 'record'
    ? rights.custom_fields_record_values_read_access || rights.custom_fields_record_values_edit_access
    : rights.custom_fields_client_values_read_access || rights.custom_fields_client_values_edit_access
}

export function canEditCustomFields(rights: CustomFieldRights, kind: CustomFieldKind): boolean {
  return kind === 'record'
    ? rights.custom_fields_record_values_edit_access
    : rights.custom_fields_client_values_edit_access
}

/**
 * The parent_entity_type filter of GET companies/{company}/custom_fields: null when both kinds are readable, the
 * readable kind when only one is, and 'none' when neither is (then nothing is fetched at all).
 */
export function customFieldsEntityFilter(rights: CustomFieldRights): CustomFieldKind | null | 'none' {
  const record = canReadCustomFields(rights, 'record')
  const client = canReadCustomFields(rights, 'client')
  if (record && client) return null
  if (record) return 'record'
  if (client) return 'client'
  return 'none'
}
