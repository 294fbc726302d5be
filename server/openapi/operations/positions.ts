import * as v from 'valibot'
import {
  positionCreateSchema,
  positionListSchema,
  positionParamsSchema,
  positionSchema,
  positionUpdateSchema,
} from '../../../contract/positions/schemas'
import type { Operation } from '../operation'

export const positionsOperations: Operation[] = [
  {
    method: 'GET',
    path: '/company/:id/positions',
    summary: 'Read positions',
    reply: positionListSchema,
  },
  {
    method: 'POST',
    path: '/company/:id/positions',
    status: 201,
    summary: 'Create position',
    body: positionCreateSchema,
    reply: positionSchema,
  },
  {
    method: 'PUT',
    path: '/company/:id/positions/:positionId',
    summary: 'Update position',
    params: positionParamsSchema,
    body: positionUpdateSchema,
    reply: positionSchema,
  },
  {
    method: 'DELETE',
    path: '/company/:id/positions/:positionId',
    summary:
      'Refused (409, code 3001, their names in errors.used_by) while working staff or team members hold the position; fired staff and pending invites are left without it',
    params: positionParamsSchema,
    reply: v.null(),
  },
]
