import { unitsSchema } from '../../../contract/units/schemas'
import type { Operation } from '../operation'

export const unitsOperations: Operation[] = [
  { method: 'GET', path: '/companies/:id/units', summary: 'Read units', reply: unitsSchema },
]
