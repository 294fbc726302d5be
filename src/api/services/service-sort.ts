import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../client'
import { serviceListSchema, type Service, type ServiceSort } from '../../../contract/services/schemas'
import { servicesQueryOptions } from './services'

/** POST services/{companyId}/sort: one category's services in their new order; answers that category. */
export function sortServices(companyId: number, body: ServiceSort) {
  return apiRequest(`/services/${companyId}/sort`, { method: 'POST', body, schema: serviceListSchema })
}

/**
 * The list as it will be once the sort is saved: the category's services take the places its services held, in
 * the order given (those left out after, as they were), with the weights the server gives them (n..1).
 */
export function withCategoryOrder(list: readonly Service[], sort: ServiceSort): Service[] {
  const inCategory = list.filter((service) => service.category_id === sort.category_id)
  const byId = new Map(inCategory.map((service) => [service.id, service]))
  const listed = sort.ids.filter((id) => byId.has(id))
  const order = [...listed, ...inCategory.map((service) => service.id).filter((id) => !listed.includes(id))]
  const next = order.map((id, index) => ({ ...byId.get(id)!, weight: order.length - index }))
  let slot = 0
  return list.map((service) => (service.category_id === sort.category_id ? next[slot++]! : service))
}

/**
 * Sorts one category optimistically: the list shows the new order at once and goes back to the old one when
 * the server refuses. Sorts run one after another (one scope), so the server gets them in the order the user
 * made them; the list is read again once the last one has answered.
 */
export function useSortServices(companyId: number) {
  const queryClient = useQueryClient()
  const { queryKey } = servicesQueryOptions(companyId)
  const mutationKey = ['services', companyId, 'sort']
  const othersRunning = () => queryClient.isMutating({ mutationKey }) > 1
  return useMutation({
    mutationKey,
    scope: { id: `services-sort-${companyId}` },
    mutationFn: (sort: ServiceSort) => sortServices(companyId, sort),
    onMutate: async (sort) => {
      await queryClient.cancelQueries({ queryKey })
      const previous = queryClient.getQueryData(queryKey)
      if (previous) queryClient.setQueryData(queryKey, withCategoryOrder(previous, sort))
      return { previous }
    },
    onError: (_error, _sort, context) => {
      // A later sort still on its way carries the newer order; the read at the end settles it.
      if (context?.previous && !othersRunning()) queryClient.setQueryData(queryKey, context.previous)
    },
    // Not awaited: the screen's own callbacks (the failure toast) run when the sort answers, not after the read.
    onSettled: () => {
      if (!othersRunning()) void queryClient.invalidateQueries({ queryKey: ['services', companyId] })
    },
  })
}
