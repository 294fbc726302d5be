import {
  flowCommentCreateSchema,
  flowCommentParamsSchema,
  flowCommentSchema,
  flowCommentUpdateSchema,
  flowMachineParamsSchema,
  flowReviewMarkCreateSchema,
  flowReviewMarkSchema,
  flowReviewSchema,
  flowReviewSummariesSchema,
} from '../../../contract/flow-reviews/schemas'
import type { Operation } from '../operation'

const who = '(everyone signed in outside production; superusers and support in production)'

export const flowReviewsOperations: Operation[] = [
  {
    method: 'GET',
    path: '/flow_reviews',
    summary: `Every flow with its version, open review comments and latest "reviewed" mark ${who}`,
    reply: flowReviewSummariesSchema,
  },
  {
    method: 'GET',
    path: '/flow_reviews/:machineId',
    summary: `One flow's review: its version, latest "reviewed" mark and every comment ${who}`,
    params: flowMachineParamsSchema,
    reply: flowReviewSchema,
  },
  {
    method: 'POST',
    path: '/flow_reviews/:machineId/comments',
    summary: `Comments on a state or a transition of the flow's current version ${who}`,
    params: flowMachineParamsSchema,
    body: flowCommentCreateSchema,
    reply: flowCommentSchema,
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/flow_reviews/:machineId/comments/:commentId',
    summary: `Resolves a review comment, or opens it again ${who}`,
    params: flowCommentParamsSchema,
    body: flowCommentUpdateSchema,
    reply: flowCommentSchema,
  },
  {
    method: 'PUT',
    path: '/flow_reviews/:machineId/review',
    summary: `Marks the version of the flow the reviewer saw (its graph) as reviewed ${who}`,
    params: flowMachineParamsSchema,
    body: flowReviewMarkCreateSchema,
    reply: flowReviewMarkSchema,
  },
]
