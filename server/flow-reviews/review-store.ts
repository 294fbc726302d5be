import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { machineVersionOf, outlineOf, type MachineGraph } from '../../contract/flow-reviews/machine-graph'
import type {
  FlowComment,
  FlowCommentCreate,
  FlowReview,
  FlowReviewMark,
  FlowReviewSummary,
} from '../../contract/flow-reviews/schemas'
import type { RecordChange } from '../business/change-log/request-audit'
import type { Database } from '../db/database'
import { flowReviewComments, flowReviewMarks, users } from '../db/schema'
import { HttpError } from '../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../http/validate'
import type { ReviewableMachine } from './flow-machines'

const author = alias(users, 'comment_author')
const resolver = alias(users, 'comment_resolver')

async function commentsOf(db: Database, machineId: string, commentId?: number): Promise<FlowComment[]> {
  const rows = await db
    .select({
      id: flowReviewComments.id,
      machineId: flowReviewComments.machineId,
      machineVersion: flowReviewComments.machineVersion,
      targetKind: flowReviewComments.targetKind,
      targetId: flowReviewComments.targetId,
      text: flowReviewComments.text,
      authorUserId: flowReviewComments.authorUserId,
      authorName: author.name,
      createdAt: flowReviewComments.createdAt,
      resolved: flowReviewComments.resolved,
      resolvedByUserId: flowReviewComments.resolvedByUserId,
      resolverName: resolver.name,
      resolvedAt: flowReviewComments.resolvedAt,
    })
    .from(flowReviewComments)
    .innerJoin(author, eq(author.id, flowReviewComments.authorUserId))
    .leftJoin(resolver, eq(resolver.id, flowReviewComments.resolvedByUserId))
    .where(
      and(
        eq(flowReviewComments.machineId, machineId),
        commentId === undefined ? undefined : eq(flowReviewComments.id, commentId),
      ),
    )
    .orderBy(asc(flowReviewComments.id))
  return rows.map((row) => ({
    id: row.id,
    machine_id: row.machineId,
    machine_version: row.machineVersion,
    target_kind: row.targetKind,
    target_id: row.targetId,
    text: row.text,
    author: { id: row.authorUserId, name: row.authorName },
    created_at: row.createdAt.toISOString(),
    resolved: row.resolved,
    resolved_by:
      row.resolvedByUserId === null ? null : { id: row.resolvedByUserId, name: row.resolverName ?? '' },
    resolved_at: row.resolvedAt?.toISOString() ?? null,
  }))
}

/** The latest "reviewed" mark of each machine (of all of them, or of one). */
async function latestMarks(db: Database, machineId?: string): Promise<Map<string, FlowReviewMark>> {
  const rows = await db
    .selectDistinctOn([flowReviewMarks.machineId], { mark: flowReviewMarks, reviewerName: users.name })
    .from(flowReviewMarks)
    .innerJoin(users, eq(users.id, flowReviewMarks.reviewedByUserId))
    .where(machineId === undefined ? undefined : eq(flowReviewMarks.machineId, machineId))
    .orderBy(flowReviewMarks.machineId, desc(flowReviewMarks.reviewedAt), desc(flowReviewMarks.id))
  return new Map(
    rows.map(({ mark, reviewerName }) => [
      mark.machineId,
      {
        machine_version: mark.machineVersion,
        reviewed_by: { id: mark.reviewedByUserId, name: reviewerName },
        reviewed_at: mark.reviewedAt.toISOString(),
        states: mark.stateIds,
        transitions: mark.transitionKeys,
      },
    ]),
  )
}

/** Every machine with its version, its open comments (of any version) and its latest mark. */
export async function listFlowReviews(
  db: Database,
  machines: Iterable<ReviewableMachine>,
): Promise<FlowReviewSummary[]> {
  const open = await db
    .select({ machineId: flowReviewComments.machineId, count: sql<number>`count(*)::int` })
    .from(flowReviewComments)
    .where(eq(flowReviewComments.resolved, false))
    .groupBy(flowReviewComments.machineId)
  const openByMachine = new Map(open.map((row) => [row.machineId, Number(row.count)]))
  const marks = await latestMarks(db)
  return [...machines].map((machine) => ({
    machine_id: machine.id,
    version: machine.version,
    open_comments: openByMachine.get(machine.id) ?? 0,
    review: marks.get(machine.id) ?? null,
  }))
}

/** One machine's review: its summary and every comment, oldest first. */
export async function flowReviewOf(db: Database, machine: ReviewableMachine): Promise<FlowReview> {
  const comments = await commentsOf(db, machine.id)
  return {
    machine_id: machine.id,
    version: machine.version,
    open_comments: comments.filter((comment) => !comment.resolved).length,
    review: (await latestMarks(db, machine.id)).get(machine.id) ?? null,
    comments,
  }
}

/** A comment on a state or transition of the machine's current version; 422 when the machine has no such one. */
export async function addFlowComment(
  db: Database,
  machine: ReviewableMachine,
  authorUserId: number,
  input: FlowCommentCreate,
  record: RecordChange,
): Promise<FlowComment> {
  const known =
    input.target_kind === 'state'
      ? machine.graph.states.some((state) => state.id === input.target_id)
      : machine.graph.transitions.some((transition) => transition.key === input.target_id)
  if (!known) {
    throw new HttpError(422, VALIDATION_FAILED_MESSAGE, {
      fieldErrors: { target_id: [/*i18n*/ 'The flow has no such state or transition.'] },
    })
  }
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(flowReviewComments)
      .values({
        machineId: machine.id,
        machineVersion: machine.version,
        targetKind: input.target_kind,
        targetId: input.target_id,
        text: input.text,
        authorUserId,
      })
      .returning({ id: flowReviewComments.id })
    await record(tx, {
      entity: 'flow_review_comment',
      entityId: row!.id,
      operation: 'created',
      companyId: null,
      changes: { machine_id: machine.id, machine_version: machine.version, ...input },
    })
    return row!.id
  })
  return (await commentsOf(db, machine.id, id))[0]!
}

/** Resolves a comment of the machine or opens it again; 404 for a comment of another machine or none. */
export async function setFlowCommentResolved(
  db: Database,
  machineId: string,
  commentId: number,
  userId: number,
  resolved: boolean,
  record: RecordChange,
): Promise<FlowComment> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(flowReviewComments)
      .set(
        resolved
          ? { resolved: true, resolvedByUserId: userId, resolvedAt: new Date() }
          : { resolved: false, resolvedByUserId: null, resolvedAt: null },
      )
      .where(and(eq(flowReviewComments.id, commentId), eq(flowReviewComments.machineId, machineId)))
      .returning({ id: flowReviewComments.id })
    if (updated.length === 0) throw new HttpError(404, /*i18n*/ 'The comment was not found.')
    await record(tx, {
      entity: 'flow_review_comment',
      entityId: commentId,
      operation: 'updated',
      companyId: null,
      changes: { machine_id: machineId, resolved },
    })
  })
  return (await commentsOf(db, machineId, commentId))[0]!
}

/**
 * Marks the version of the graph the reviewer saw as reviewed (usually the current one; a page opened before a
 * deployment names the version it showed). Marking a version again moves the mark to this reviewer and now.
 */
export async function markFlowReviewed(
  db: Database,
  machineId: string,
  reviewerUserId: number,
  graph: MachineGraph,
  record: RecordChange,
): Promise<FlowReviewMark> {
  const version = machineVersionOf(graph)
  const outline = outlineOf(graph)
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(flowReviewMarks)
      .values({
        machineId,
        machineVersion: version,
        reviewedByUserId: reviewerUserId,
        stateIds: outline.states,
        transitionKeys: outline.transitions,
      })
      .onConflictDoUpdate({
        target: [flowReviewMarks.machineId, flowReviewMarks.machineVersion],
        set: { reviewedByUserId: reviewerUserId, reviewedAt: sql`now()` },
      })
      .returning({ id: flowReviewMarks.id })
    await record(tx, {
      entity: 'flow_review',
      entityId: row!.id,
      operation: 'created',
      companyId: null,
      changes: { machine_id: machineId, machine_version: version },
    })
  })
  return (await latestMarks(db, machineId)).get(machineId)!
}
