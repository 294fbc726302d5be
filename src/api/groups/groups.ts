import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../client'
import { companyGroupsSchema } from '../../../contract/groups/schemas'

/** GET /groups: the user's chains. */
export function fetchGroups() {
  return apiRequest('/groups', { schema: companyGroupsSchema })
}

export const groupsQueryOptions = () => queryOptions({ queryKey: ['groups'], queryFn: fetchGroups })

export const useGroups = () => useQuery(groupsQueryOptions())
