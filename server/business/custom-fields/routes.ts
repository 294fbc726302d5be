import type { FastifyInstance } from 'fastify'
import {
  companyCustomFieldsQuerySchema,
  customFieldItemsParamsSchema,
  customFieldItemsQuerySchema,
} from '../../../contract/custom-fields/schemas'
import { requireMembership } from '../../access/company-access'
import { success } from '../../http/envelope'
import { validate } from '../../http/validate'
import { companyRoute } from '../groups/company-route'
import {
  customFieldTypes,
  listCustomFields,
  readableKinds,
  uiOptionsOf,
  valuesOf,
} from './company-custom-fields'

/**
 * Custom fields (SPEC.md section 7). Membership is enough to call; what comes back depends on the read flags of
 * each kind: without read access to a kind, its fields are not listed (an empty list, not a 403, which is what
 * the record and client cards expect).
 */
export async function customFieldRoutes(app: FastifyInstance): Promise<void> {
  app.get('/custom_fields/:kind/:company', companyRoute('company'), async (request) => {
    const { kind } = validate(customFieldItemsParamsSchema, request.params)
    const query = validate(customFieldItemsQuerySchema, request.query)
    const { companyId, rights } = requireMembership(request)
    const kinds = readableKinds(rights).filter((readable) => readable === kind)
    const withUiOptions = query.include.includes('custom_field.ui_options')
    const rows = await listCustomFields(app.db, companyId, kinds)
    return success(
      rows.map((row) => ({
        id: row.id,
        custom_field: {
          id: row.id,
          code: row.code,
          title: row.title,
          type: row.typeSlug,
          values: valuesOf(row),
          ...(withUiOptions ? { ui_options: uiOptionsOf(row) } : {}),
        },
      })),
    )
  })

  app.get('/companies/:company/custom_fields', companyRoute('company'), async (request) => {
    const query = validate(companyCustomFieldsQuerySchema, request.query)
    const { companyId, rights } = requireMembership(request)
    const wanted = query['filter[parent_entity_type]']
    const kinds = readableKinds(rights).filter((kind) => wanted === undefined || kind === wanted)
    const withUiOptions = query.include.includes('ui_options')
    const rows = await listCustomFields(app.db, companyId, kinds)
    return success(
      rows.map((row) => ({
        id: row.id,
        code: row.code,
        title: row.title,
        parent_entity_type: row.parentEntityType,
        weight: row.weight,
        values: valuesOf(row),
        // The client takes each field's type from here, so it is always sent.
        custom_field_type: customFieldTypes[row.typeSlug] ?? {
          id: 0,
          slug: row.typeSlug,
          title: row.typeSlug,
        },
        ...(withUiOptions ? { ui_options: uiOptionsOf(row) } : {}),
      })),
    )
  })
}
