import {
  timetableSettingsBodySchema,
  timetableSettingsReplySchema,
} from '../../../contract/timetable/schemas'
import type { Operation } from '../operation'

export const timetableOperations: Operation[] = [
  {
    method: 'GET',
    path: '/company/:company/timetable/settings',
    summary:
      'The three flags, and whether this build offers the agreements at all (the server applies the agreements build flag)',
    reply: timetableSettingsReplySchema,
  },
  {
    method: 'PUT',
    path: '/company/:company/timetable/settings',
    summary: 'The flags sent change, the others keep their values',
    body: timetableSettingsBodySchema,
    reply: timetableSettingsReplySchema,
  },
]
