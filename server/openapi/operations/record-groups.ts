import * as v from 'valibot'
import {
  recordGroupBodySchema,
  recordGroupListSchema,
  recordGroupParamsSchema,
  recordGroupSchema,
} from '../../../contract/record-groups/schemas'
import type { Operation } from '../operation'

export const recordGroupsOperations: Operation[] = [
  {
    method: 'GET',
    path: '/company/:id/record_groups',
    summary:
      'Read the appointment groups (halls and departments) with their working staff; a member limited to one group gets that group alone',
    reply: recordGroupListSchema,
  },
  {
    method: 'POST',
    path: '/company/:id/record_groups',
    status: 201,
    summary: 'Create an appointment group (settings_master_edit_access)',
    body: recordGroupBodySchema,
    reply: recordGroupSchema,
  },
  {
    method: 'PUT',
    path: '/company/:id/record_groups/:groupId',
    summary: 'Rename an appointment group (settings_master_edit_access)',
    params: recordGroupParamsSchema,
    body: recordGroupBodySchema,
    reply: recordGroupSchema,
  },
  {
    method: 'DELETE',
    path: '/company/:id/record_groups/:groupId',
    summary:
      'Delete an appointment group (settings_master_edit_access): its staff are left without a group; rights that name it reach nobody',
    params: recordGroupParamsSchema,
    reply: v.null(),
  },
]
