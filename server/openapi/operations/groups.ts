import { companyGroupsSchema } from '../../../contract/groups/schemas'
import type { Operation } from '../operation'

export const groupsOperations: Operation[] = [
  { method: 'GET', path: '/groups', summary: "The user's chains", reply: companyGroupsSchema },
]
