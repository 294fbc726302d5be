import { boolean, index, integer, jsonb, pgTable, serial, text, unique } from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { users } from './core'

/**
 * Review comments on the flows drawn at /flows: one per state or transition of a version of a machine
 * (contract/flow-reviews/machine-graph.ts). Not a company's data: the machines are the product's.
 */
export const flowReviewComments = pgTable(
  'flow_review_comments',
  {
    id: serial('id').primaryKey(),
    machineId: text('machine_id').notNull(),
    machineVersion: text('machine_version').notNull(),
    targetKind: text('target_kind', { enum: ['state', 'transition'] }).notNull(),
    /** The state's id, or the transition's key (`source|event|index`). */
    targetId: text('target_id').notNull(),
    text: text('text').notNull(),
    authorUserId: integer('author_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: instant('created_at').notNull().defaultNow(),
    resolved: boolean('resolved').notNull().default(false),
    resolvedByUserId: integer('resolved_by_user_id').references(() => users.id),
    resolvedAt: instant('resolved_at'),
  },
  (table) => [index('flow_review_comments_machine_idx').on(table.machineId)],
)

/**
 * "Reviewed" marks: who signed off which version of a machine, and when, with that version's state ids and
 * transition keys, so a later version can show what was added and removed since. One per machine and version;
 * marking the same version again moves the mark to the new reviewer and time.
 */
export const flowReviewMarks = pgTable(
  'flow_review_marks',
  {
    id: serial('id').primaryKey(),
    machineId: text('machine_id').notNull(),
    machineVersion: text('machine_version').notNull(),
    reviewedByUserId: integer('reviewed_by_user_id')
      .notNull()
      .references(() => users.id),
    reviewedAt: instant('reviewed_at').notNull().defaultNow(),
    stateIds: jsonb('state_ids').$type<string[]>().notNull(),
    transitionKeys: jsonb('transition_keys').$type<string[]>().notNull(),
  },
  (table) => [unique('flow_review_marks_version_unique').on(table.machineId, table.machineVersion)],
)
