import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Employee } from '../../../contract/staff/schemas'
import { sortStaff } from './staff-changes'
import { staffListQueryOptions } from './staff-queries'

/**
 * The working staff as they will be once the order is saved: in the order given (anyone left out after, as
 * they were), with the weights the server gives them (n..1, the first shown first).
 */
export function withStaffOrder(list: readonly Employee[], ids: readonly number[]): Employee[] {
  const byId = new Map(list.map((employee) => [employee.id, employee]))
  const listed = ids.filter((id) => byId.has(id))
  const order = [...listed, ...list.map((employee) => employee.id).filter((id) => !listed.includes(id))]
  return order.map((id, index) => ({ ...byId.get(id)!, weight: order.length - index }))
}

/**
 * Sorts the working staff optimistically (POST /staff/sort): the list shows the new order at once and goes
 * back to the old one when the server refuses. Sorts run one after another (one scope), so the server gets
 * them in the order the user made them; the list is read again once the last one has answered.
 */
export function useSortStaff(companyId: number) {
  const queryClient = useQueryClient()
  const { queryKey } = staffListQueryOptions(companyId)
  const mutationKey = ['staff', companyId, 'sort']
  const othersRunning = () => queryClient.isMutating({ mutationKey }) > 1
  return useMutation({
    mutationKey,
    scope: { id: `staff-sort-${companyId}` },
    mutationFn: (ids: number[]) => sortStaff(companyId, ids),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey })
      const previous = queryClient.getQueryData(queryKey)
      if (previous) queryClient.setQueryData(queryKey, withStaffOrder(previous, ids))
      return { previous }
    },
    onError: (_error, _ids, context) => {
      // A later sort still on its way carries the newer order; the read at the end settles it.
      if (context?.previous && !othersRunning()) queryClient.setQueryData(queryKey, context.previous)
    },
    // Not awaited: the screen's own callbacks (the failure toast) run when the sort answers, not after the read.
    onSettled: () => {
      if (!othersRunning()) void queryClient.invalidateQueries({ queryKey: ['staff', companyId] })
    },
  })
}
