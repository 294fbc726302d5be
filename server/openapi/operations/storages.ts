import * as v from 'valibot'
import {
  storageCreateSchema,
  storageParamsSchema,
  storageSchema,
  storageUpdateSchema,
  storagesSchema,
} from '../../../contract/storages/schemas'
import type { Operation } from '../operation'

export const storagesOperations: Operation[] = [
  { method: 'GET', path: '/storages/:companyId/', summary: "The company's storages", reply: storagesSchema },
  { method: 'GET', path: '/storages/:companyId', summary: "The company's storages", reply: storagesSchema },
  {
    method: 'POST',
    path: '/storages/:companyId/',
    status: 201,
    summary: 'Creates a storage',
    body: storageCreateSchema,
    reply: storageSchema,
  },
  {
    method: 'POST',
    path: '/storages/:companyId',
    status: 201,
    summary: 'Creates a storage',
    body: storageCreateSchema,
    reply: storageSchema,
  },
  {
    method: 'PUT',
    path: '/storages/:companyId/:storageId',
    summary: 'Update storage',
    params: storageParamsSchema,
    body: storageUpdateSchema,
    reply: storageSchema,
  },
  {
    method: 'DELETE',
    path: '/storages/:companyId/:storageId',
    summary: "Refused (409, code 3003) for the company's last storage",
    params: storageParamsSchema,
    reply: v.null(),
  },
]
