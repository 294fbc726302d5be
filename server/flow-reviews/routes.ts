import type { FastifyInstance } from 'fastify'
import {
  flowCommentCreateSchema,
  flowCommentParamsSchema,
  flowCommentUpdateSchema,
  flowMachineParamsSchema,
  flowReviewMarkCreateSchema,
} from '../../contract/flow-reviews/schemas'
import { auditOf } from '../business/change-log/request-audit'
import { authenticate } from '../http/authenticate'
import { success } from '../http/envelope'
import { HttpError } from '../http/http-error'
import { validate } from '../http/validate'
import { reviewableMachines, type ReviewableMachine } from './flow-machines'
import { requireFlowsReviewer } from './flows-reviewer'
import {
  addFlowComment,
  flowReviewOf,
  listFlowReviews,
  markFlowReviewed,
  setFlowCommentResolved,
} from './review-store'

function machineOf(params: unknown): ReviewableMachine {
  const { machineId } = validate(flowMachineParamsSchema, params)
  const machine = reviewableMachines().get(machineId)
  if (!machine) throw new HttpError(404, /*i18n*/ 'There is no such flow.')
  return machine
}

/**
 * Reviews of the flows at /flows (docs/decisions.md, "Flow reviews"): comments on states and transitions and
 * "reviewed" marks, per version of a machine. Product-wide, so no company in the routes; every write is audited.
 */
export async function flowReviewRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app
  const guard = { preHandler: authenticate }

  app.get('/flow_reviews', guard, async (request) => {
    await requireFlowsReviewer(app, request)
    return success(await listFlowReviews(db, reviewableMachines().values()))
  })

  app.get('/flow_reviews/:machineId', guard, async (request) => {
    await requireFlowsReviewer(app, request)
    return success(await flowReviewOf(db, machineOf(request.params)))
  })

  app.post('/flow_reviews/:machineId/comments', guard, async (request, reply) => {
    const userId = await requireFlowsReviewer(app, request)
    const machine = machineOf(request.params)
    const body = validate(flowCommentCreateSchema, request.body)
    const comment = await addFlowComment(db, machine, userId, body, auditOf(request))
    reply.status(201)
    return success(comment)
  })

  app.patch('/flow_reviews/:machineId/comments/:commentId', guard, async (request) => {
    const userId = await requireFlowsReviewer(app, request)
    const { commentId } = validate(flowCommentParamsSchema, request.params)
    const machine = machineOf(request.params)
    const { resolved } = validate(flowCommentUpdateSchema, request.body)
    return success(
      await setFlowCommentResolved(db, machine.id, commentId, userId, resolved, auditOf(request)),
    )
  })

  app.put('/flow_reviews/:machineId/review', guard, async (request) => {
    const userId = await requireFlowsReviewer(app, request)
    const machine = machineOf(request.params)
    const graph = validate(flowReviewMarkCreateSchema, request.body)
    return success(await markFlowReviewed(db, machine.id, userId, graph, auditOf(request)))
  })
}
