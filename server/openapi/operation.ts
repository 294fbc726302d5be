import type * as v from 'valibot'

/**
 * One API operation as the OpenAPI document describes it: the route (as registered, without the /api/v1
 * prefix), a one-line summary, and the shared valibot schemas its handler validates the request with and the
 * client parses the reply's `data` with. The document is generated from these (server/openapi/openapi-document.ts);
 * the fuzz run (test/server/openapi-fuzz.test.ts) checks that the routes keep to them.
 */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  summary: string
  /** The path parameters; without it each `:name` of the path is a string. */
  params?: v.GenericSchema
  query?: v.GenericSchema
  /** The JSON body; for a multipart upload see `upload`. */
  body?: v.GenericSchema
  /** A multipart/form-data body: the name of the file field, and the schema of the other fields. */
  upload?: { fileField: string; fields?: v.GenericSchema }
  /** The schema of `data` in the successful envelope; none for a reply that is not JSON. */
  reply?: v.GenericSchema
  /** The status of success when it is not 200. */
  status?: 201 | 202
  /** A second status of success with the same reply (the summary says when): 200 for a write that changed nothing. */
  alsoStatus?: 200
}
