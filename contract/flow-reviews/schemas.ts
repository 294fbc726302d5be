import * as v from 'valibot'
import { idParamSchema, requiredTextSchema } from '../id-params'
import { storableText } from '../storable-values'

/**
 * Reviews of the flows (the machines of machines/, drawn at /flows): comments on a state or a transition, and
 * "reviewed" marks, each made on one version of a machine (contract/flow-reviews/machine-graph.ts). Product-wide,
 * not a company's data.
 */

/** A state id, transition key or event name as machines write them. */
const graphNameSchema = v.pipe(v.string(), storableText(), v.minLength(1), v.maxLength(300))
const descriptionSchema = v.pipe(v.string(), storableText(), v.maxLength(2000))

export const flowMachineParamsSchema = v.looseObject({
  machineId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
})

export const flowCommentParamsSchema = v.looseObject({
  machineId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  commentId: idParamSchema,
})

export const flowCommentTargetKinds = ['state', 'transition'] as const
export type FlowCommentTargetKind = (typeof flowCommentTargetKinds)[number]

/** Body of POST /flow_reviews/{machineId}/comments: a comment on a state or a transition of the current version. */
export const flowCommentCreateSchema = v.object({
  target_kind: v.picklist(flowCommentTargetKinds),
  /** The state's id, or the transition's key (`source|event|index`). */
  target_id: graphNameSchema,
  text: requiredTextSchema(2000),
})
export type FlowCommentCreate = v.InferOutput<typeof flowCommentCreateSchema>

/** Body of PATCH /flow_reviews/{machineId}/comments/{commentId}: resolve a comment, or open it again. */
export const flowCommentUpdateSchema = v.object({ resolved: v.boolean() })
export type FlowCommentUpdate = v.InferOutput<typeof flowCommentUpdateSchema>

/**
 * Body of PUT /flow_reviews/{machineId}/review: the graph the reviewer saw (machineGraphOf). The server keeps its
 * version and its outline, so a later version can show what changed since.
 */
export const flowReviewMarkCreateSchema = v.object({
  states: v.pipe(
    v.array(v.object({ id: graphNameSchema, description: descriptionSchema })),
    v.minLength(1),
    v.maxLength(2000),
  ),
  transitions: v.pipe(
    v.array(
      v.object({
        key: graphNameSchema,
        targets: v.pipe(v.array(graphNameSchema), v.maxLength(50)),
        description: descriptionSchema,
      }),
    ),
    v.maxLength(5000),
  ),
})
export type FlowReviewMarkCreate = v.InferOutput<typeof flowReviewMarkCreateSchema>

const personSchema = v.object({ id: v.number(), name: v.string() })

export const flowCommentSchema = v.object({
  id: v.number(),
  machine_id: v.string(),
  /** The version of the machine the comment was made on. */
  machine_version: v.string(),
  target_kind: v.picklist(flowCommentTargetKinds),
  target_id: v.string(),
  text: v.string(),
  author: personSchema,
  created_at: v.string(),
  resolved: v.boolean(),
  resolved_by: v.nullable(personSchema),
  resolved_at: v.nullable(v.string()),
})
export type FlowComment = v.InferOutput<typeof flowCommentSchema>

/** The latest "reviewed" mark of a machine: the version, who and when, and that version's outline. */
export const flowReviewMarkSchema = v.object({
  machine_version: v.string(),
  reviewed_by: personSchema,
  reviewed_at: v.string(),
  states: v.array(v.string()),
  transitions: v.array(v.string()),
})
export type FlowReviewMark = v.InferOutput<typeof flowReviewMarkSchema>

/** One machine in GET /flow_reviews: its version on the server, its open comments and its latest mark. */
export const flowReviewSummarySchema = v.object({
  machine_id: v.string(),
  version: v.string(),
  open_comments: v.number(),
  review: v.nullable(flowReviewMarkSchema),
})
export type FlowReviewSummary = v.InferOutput<typeof flowReviewSummarySchema>
export const flowReviewSummariesSchema = v.array(flowReviewSummarySchema)

/** GET /flow_reviews/{machineId}: the summary and every comment, oldest first. */
export const flowReviewSchema = v.object({
  ...flowReviewSummarySchema.entries,
  comments: v.array(flowCommentSchema),
})
export type FlowReview = v.InferOutput<typeof flowReviewSchema>
