import * as v from 'valibot'
import {
  companyCustomFieldSchema,
  companyCustomFieldsQuerySchema,
  companyCustomFieldsSchema,
  customFieldCreateSchema,
  customFieldItemsParamsSchema,
  customFieldItemsQuerySchema,
  customFieldItemsSchema,
  customFieldParamsSchema,
  customFieldSortSchema,
  customFieldUpdateSchema,
} from '../../../contract/custom-fields/schemas'
import type { Operation } from '../operation'

export const customFieldsOperations: Operation[] = [
  {
    method: 'GET',
    path: '/custom_fields/:kind/:company',
    summary:
      'Without read access to the kind nothing is fetched and the list is empty; a failed call also gives an empty list (SPEC.md section 7), because a record or client card must open without its custom fields rather than not at all',
    params: customFieldItemsParamsSchema,
    query: customFieldItemsQuerySchema,
    reply: customFieldItemsSchema,
  },
  {
    method: 'GET',
    path: '/companies/:company/custom_fields',
    summary:
      'With filter[parent_entity_type] naming the one readable kind (no filter when both are readable; no call when neither is)',
    query: companyCustomFieldsQuerySchema,
    reply: companyCustomFieldsSchema,
  },
  {
    method: 'POST',
    path: '/companies/:company/custom_fields',
    status: 201,
    summary: 'The new field, last of its kind',
    body: customFieldCreateSchema,
    reply: companyCustomFieldSchema,
  },
  {
    method: 'POST',
    path: '/companies/:company/custom_fields/sort',
    summary: "The kind's fields in their new order",
    body: customFieldSortSchema,
    reply: companyCustomFieldsSchema,
  },
  {
    method: 'PUT',
    path: '/companies/:company/custom_fields/:fieldId',
    summary: 'Update custom field',
    params: customFieldParamsSchema,
    body: customFieldUpdateSchema,
    reply: companyCustomFieldSchema,
  },
  {
    method: 'DELETE',
    path: '/companies/:company/custom_fields/:fieldId',
    summary: 'Delete custom field',
    params: customFieldParamsSchema,
    reply: v.null(),
  },
]
