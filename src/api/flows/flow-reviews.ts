import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { MachineGraph } from '../../../contract/flow-reviews/machine-graph'
import {
  flowCommentSchema,
  flowReviewMarkSchema,
  flowReviewSchema,
  flowReviewSummariesSchema,
  type FlowCommentCreate,
} from '../../../contract/flow-reviews/schemas'
import { apiRequest } from '../client'

/** GET /flow_reviews: every flow with its open comments and latest "reviewed" mark. */
export const flowReviewsQueryOptions = () =>
  queryOptions({
    queryKey: ['flow-reviews'],
    queryFn: () => apiRequest('/flow_reviews', { schema: flowReviewSummariesSchema }),
  })
export const useFlowReviews = (enabled: boolean) => useQuery({ ...flowReviewsQueryOptions(), enabled })

/** GET /flow_reviews/{machineId}: one flow's comments and latest mark. */
export const flowReviewQueryOptions = (machineId: string) =>
  queryOptions({
    queryKey: ['flow-reviews', machineId],
    queryFn: () => apiRequest(`/flow_reviews/${encodeURIComponent(machineId)}`, { schema: flowReviewSchema }),
  })
export const useFlowReview = (machineId: string, enabled: boolean) =>
  useQuery({ ...flowReviewQueryOptions(machineId), enabled })

/** Every write changes the flow's review and the counts of the list. */
function useFlowReviewsInvalidation() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['flow-reviews'] })
}

/** POST /flow_reviews/{machineId}/comments. */
export function useAddFlowComment(machineId: string) {
  const onSuccess = useFlowReviewsInvalidation()
  return useMutation({
    mutationFn: (body: FlowCommentCreate) =>
      apiRequest(`/flow_reviews/${encodeURIComponent(machineId)}/comments`, {
        method: 'POST',
        body,
        schema: flowCommentSchema,
      }),
    onSuccess,
  })
}

/** PATCH /flow_reviews/{machineId}/comments/{commentId}: resolve, or open again. */
export function useResolveFlowComment(machineId: string) {
  const onSuccess = useFlowReviewsInvalidation()
  return useMutation({
    mutationFn: ({ id, resolved }: { id: number; resolved: boolean }) =>
      apiRequest(`/flow_reviews/${encodeURIComponent(machineId)}/comments/${id}`, {
        method: 'PATCH',
        body: { resolved },
        schema: flowCommentSchema,
      }),
    onSuccess,
  })
}

/** PUT /flow_reviews/{machineId}/review: the graph on the screen is the version signed off. */
export function useMarkFlowReviewed(machineId: string) {
  const onSuccess = useFlowReviewsInvalidation()
  return useMutation({
    mutationFn: (graph: MachineGraph) =>
      apiRequest(`/flow_reviews/${encodeURIComponent(machineId)}/review`, {
        method: 'PUT',
        body: graph,
        schema: flowReviewMarkSchema,
      }),
    onSuccess,
  })
}
