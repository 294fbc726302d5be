import {
  companyWorkingHoursBodySchema,
  companyWorkingHoursSchema,
  staffWorkingHoursBodySchema,
  staffWorkingHoursListSchema,
  staffWorkingHoursParamsSchema,
  staffWorkingHoursSchema,
} from '../../../contract/working-hours/schemas'
import type { Operation } from '../operation'

export const workingHoursOperations: Operation[] = [
  {
    method: 'GET',
    path: '/company/:company/working_hours',
    summary: "The salon's opening hours, Monday first, and its time zone",
    reply: companyWorkingHoursSchema,
  },
  {
    method: 'PUT',
    path: '/company/:company/working_hours',
    summary: 'The whole week; a day left out is a day off',
    body: companyWorkingHoursBodySchema,
    reply: companyWorkingHoursSchema,
  },
  {
    method: 'GET',
    path: '/company/:company/staff_working_hours',
    summary: "Every working staff member's week, own or the salon's",
    reply: staffWorkingHoursListSchema,
  },
  {
    method: 'PUT',
    path: '/company/:company/staff/:staffId/working_hours',
    summary: "The member's own week",
    params: staffWorkingHoursParamsSchema,
    body: staffWorkingHoursBodySchema,
    reply: staffWorkingHoursSchema,
  },
  {
    method: 'DELETE',
    path: '/company/:company/staff/:staffId/working_hours',
    summary: "The member follows the salon's hours again",
    params: staffWorkingHoursParamsSchema,
    reply: staffWorkingHoursSchema,
  },
]
