import {
  memberParamsSchema,
  memberRightsSchema,
  rightsHistorySchema,
  rightsInputSchema,
  rightsPreviewSchema,
  rightsSavedSchema,
} from '../../../contract/rights/schemas'
import type { Operation } from '../operation'

export const rightsOperations: Operation[] = [
  {
    method: 'GET',
    path: '/company/:id/users/:userId/rights',
    summary: 'Read member rights',
    params: memberParamsSchema,
    reply: memberRightsSchema,
  },
  {
    method: 'POST',
    path: '/company/:id/users/:userId/rights/preview',
    summary: 'The diff the change would make, shown before saving',
    params: memberParamsSchema,
    body: rightsInputSchema,
    reply: rightsPreviewSchema,
  },
  {
    method: 'PUT',
    path: '/company/:id/users/:userId/rights',
    summary: 'Save rights',
    params: memberParamsSchema,
    body: rightsInputSchema,
    reply: rightsSavedSchema,
  },
  {
    method: 'GET',
    path: '/company/:id/users/:userId/rights/history',
    summary: 'Who changed what, newest first',
    params: memberParamsSchema,
    reply: rightsHistorySchema,
  },
]
