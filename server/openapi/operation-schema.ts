import { toJsonSchema } from '@valibot/to-json-schema'
import type { FastifySchema } from 'fastify'
import * as v from 'valibot'
import { envelopeSchema, failureEnvelopeSchema } from '../../contract/envelope'
import type { Operation } from './operation'

type JsonSchema = Record<string, unknown>

/**
 * The JSON Schema (draft 2020-12, as OpenAPI 3.1 uses) of what a client sends or receives. Transformations
 * (a string id read as a number, a default filled in) have no JSON Schema: the document shows the input side,
 * which is what a client writes, and leaves out the checks JSON Schema cannot say.
 */
export function jsonSchemaOf(schema: v.GenericSchema): JsonSchema {
  const { $schema: _draft, ...json } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode: 'input',
    errorMode: 'ignore',
  }) as JsonSchema
  return json
}

/** `/staff/:id/services/:serviceId` names `id` and `serviceId`. */
export const pathParamNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!)

function paramsSchema(operation: Operation): JsonSchema | undefined {
  const names = pathParamNames(operation.path)
  if (names.length === 0) return undefined
  const declared = operation.params ? jsonSchemaOf(operation.params) : undefined
  const declaredProperties = (declared?.properties ?? {}) as Record<string, JsonSchema>
  return {
    type: 'object',
    properties: Object.fromEntries(
      names.map((name) => [name, declaredProperties[name] ?? { type: 'string' }]),
    ),
    required: names,
  }
}

function multipartSchema(upload: NonNullable<Operation['upload']>): JsonSchema {
  const fields = upload.fields ? jsonSchemaOf(upload.fields) : { type: 'object', properties: {} }
  return {
    ...fields,
    properties: {
      ...(fields.properties as Record<string, unknown>),
      [upload.fileField]: { type: 'string', contentMediaType: 'image/*', contentEncoding: 'binary' },
    },
  }
}

const failureReply = {
  description:
    'A refusal: the HTTP status says which, `meta.message` says why, `meta.errors` names the fields',
  ...jsonSchemaOf(failureEnvelopeSchema),
}

/**
 * What @fastify/swagger writes for one route: summary, tag, the request's parts, the successful reply in its
 * envelope, and the refusal every route may answer.
 */
export function operationSchema(operation: Operation, tag: string, isPublic: boolean): FastifySchema {
  const params = paramsSchema(operation)
  const status = operation.status ?? 200
  return {
    summary: operation.summary,
    tags: [tag],
    ...(isPublic ? { security: [] } : {}),
    ...(params ? { params } : {}),
    ...(operation.query ? { querystring: jsonSchemaOf(operation.query) } : {}),
    ...(operation.body ? { body: jsonSchemaOf(operation.body) } : {}),
    ...(operation.upload
      ? { consumes: ['multipart/form-data'], body: multipartSchema(operation.upload) }
      : {}),
    response: {
      ...Object.fromEntries(
        [status, ...(operation.alsoStatus ? [operation.alsoStatus] : [])].map((code) => [
          code,
          operation.reply
            ? { description: 'Done', ...jsonSchemaOf(envelopeSchema(operation.reply)) }
            : { description: 'Done (not JSON)' },
        ]),
      ),
      '4XX': failureReply,
      '5XX': failureReply,
    },
  } as FastifySchema
}
