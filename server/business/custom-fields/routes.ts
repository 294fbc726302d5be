import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  companyCustomFieldsQuerySchema,
  customFieldCreateSchema,
  customFieldItemsParamsSchema,
  customFieldItemsQuerySchema,
  customFieldParamsSchema,
  customFieldSortSchema,
  customFieldUpdateSchema,
  type CustomFieldKind,
} from '../../../contract/custom-fields/schemas'
import { requireMembership } from '../../access/company-access'
import { success } from '../../http/envelope'
import { HttpError } from '../../http/http-error'
import { validate } from '../../http/validate'
import { companyRoute } from '../groups/company-route'
import {
  editableKinds,
  listCustomFields,
  readableKinds,
  toCompanyCustomField,
  uiOptionsOf,
  valuesOf,
} from './company-custom-fields'
import {
  createCustomField,
  deleteCustomField,
  findCustomField,
  sortCustomFields,
  updateCustomField,
} from './custom-field-writes'

const notAllowed = () => new HttpError(403, /*i18n*/ 'You do not have access to change these custom fields')

/**
 * The check of every write, in two steps: before the body is read, the user must be able to change the fields
 * of some kind (so that a user without any edit flag learns nothing from validation); once the kind is known,
 * that kind's edit flag.
 */
function requireEditAccess(request: FastifyRequest, kind?: CustomFieldKind): void {
  const kinds = editableKinds(requireMembership(request).rights)
  if (kind === undefined ? kinds.length === 0 : !kinds.includes(kind)) throw notAllowed()
}

/**
 * Custom fields (SPEC.md section 7). Membership is enough to read; what comes back depends on the read flags of
 * each kind: without read access to a kind, its fields are not listed (an empty list, not a 403, which is what
 * the record and client cards expect). Creating, changing, ordering and deleting a kind's fields takes that
 * kind's edit flag (403 without it).
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
    return success(rows.map((row) => toCompanyCustomField(row, withUiOptions)))
  })

  const write = companyRoute('company')

  app.post('/companies/:company/custom_fields', write, async (request, reply) => {
    requireEditAccess(request)
    const body = validate(customFieldCreateSchema, request.body)
    requireEditAccess(request, body.parent_entity_type)
    const row = await createCustomField(app.db, request, requireMembership(request).companyId, body)
    reply.status(201)
    return success(toCompanyCustomField(row, true))
  })

  app.post('/companies/:company/custom_fields/sort', write, async (request) => {
    requireEditAccess(request)
    const body = validate(customFieldSortSchema, request.body)
    requireEditAccess(request, body.parent_entity_type)
    const rows = await sortCustomFields(app.db, request, requireMembership(request).companyId, body)
    return success(rows.map((row) => toCompanyCustomField(row, true)))
  })

  app.put('/companies/:company/custom_fields/:fieldId', write, async (request) => {
    requireEditAccess(request)
    const { fieldId } = validate(customFieldParamsSchema, request.params)
    const { companyId } = requireMembership(request)
    requireEditAccess(request, (await findCustomField(app.db, companyId, fieldId)).parentEntityType)
    const body = validate(customFieldUpdateSchema, request.body)
    const row = await updateCustomField(app.db, request, companyId, fieldId, body)
    return success(toCompanyCustomField(row, true))
  })

  app.delete('/companies/:company/custom_fields/:fieldId', write, async (request) => {
    requireEditAccess(request)
    const { fieldId } = validate(customFieldParamsSchema, request.params)
    const { companyId } = requireMembership(request)
    requireEditAccess(request, (await findCustomField(app.db, companyId, fieldId)).parentEntityType)
    await deleteCustomField(app.db, request, companyId, fieldId)
    return success(null)
  })
}
