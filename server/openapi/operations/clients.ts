import * as v from 'valibot'
import {
  clientCardSchema,
  clientImportBodySchema,
  clientListQuerySchema,
  clientListSchema,
  clientParamsSchema,
  createClientBodySchema,
  importReportSchema,
  mergeClientBodySchema,
  mergeReportSchema,
  updateClientBodySchema,
} from '../../../contract/clients/schemas'
import type { Operation } from '../operation'

export const clientsOperations: Operation[] = [
  {
    method: 'GET',
    path: '/company/:id/clients',
    summary: 'Lists the clients of a company, searched by name, phone or e-mail',
    query: clientListQuerySchema,
    reply: clientListSchema,
  },
  {
    method: 'POST',
    path: '/company/:id/clients',
    status: 201,
    summary: 'Adds a client (409 when another client has the phone)',
    body: createClientBodySchema,
    reply: clientCardSchema,
  },
  {
    method: 'POST',
    path: '/company/:id/clients/import',
    summary: 'Imports clients from CSV, or previews the import (dry_run)',
    body: clientImportBodySchema,
    reply: importReportSchema,
  },
  {
    method: 'GET',
    path: '/company/:id/clients/:clientId',
    summary: "A client's card",
    params: clientParamsSchema,
    reply: clientCardSchema,
  },
  {
    method: 'PUT',
    path: '/company/:id/clients/:clientId',
    summary: 'Changes a client',
    params: clientParamsSchema,
    body: updateClientBodySchema,
    reply: clientCardSchema,
  },
  {
    method: 'DELETE',
    path: '/company/:id/clients/:clientId',
    summary: 'Deletes a client',
    params: clientParamsSchema,
    reply: v.null(),
  },
  {
    method: 'POST',
    path: '/company/:id/clients/:clientId/merge',
    summary: 'Merges a duplicate into the client',
    params: clientParamsSchema,
    body: mergeClientBodySchema,
    reply: mergeReportSchema,
  },
]
