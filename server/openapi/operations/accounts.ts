import * as v from 'valibot'
import {
  accountCreateSchema,
  accountParamsSchema,
  accountSchema,
  accountUpdateSchema,
  accountsQuerySchema,
  accountsSchema,
} from '../../../contract/accounts/schemas'
import type { Operation } from '../operation'

export const accountsOperations: Operation[] = [
  {
    method: 'GET',
    path: '/accounts/:companyId/',
    summary:
      'With include=balance when `withBalance` (which needs the balance right): the accounts the user may see, each with its balance when asked',
    query: accountsQuerySchema,
    reply: accountsSchema,
  },
  {
    method: 'GET',
    path: '/accounts/:companyId',
    summary:
      'With include=balance when `withBalance` (which needs the balance right): the accounts the user may see, each with its balance when asked',
    query: accountsQuerySchema,
    reply: accountsSchema,
  },
  {
    method: 'POST',
    path: '/accounts/:companyId/',
    status: 201,
    summary: 'Creates a cash desk or bank account',
    body: accountCreateSchema,
    reply: accountSchema,
  },
  {
    method: 'POST',
    path: '/accounts/:companyId',
    status: 201,
    summary: 'Creates a cash desk or bank account',
    body: accountCreateSchema,
    reply: accountSchema,
  },
  {
    method: 'PUT',
    path: '/accounts/:companyId/:accountId',
    summary: 'Rename, change the type or the comment',
    params: accountParamsSchema,
    body: accountUpdateSchema,
    reply: accountSchema,
  },
  {
    method: 'DELETE',
    path: '/accounts/:companyId/:accountId',
    summary: 'Refused (409, code 3002, count and sum in errors.used_by) while the account holds transactions',
    params: accountParamsSchema,
    reply: v.null(),
  },
]
