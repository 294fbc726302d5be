import { and, desc, eq } from 'drizzle-orm'
import type { Rights } from '../../../contract/access/rights-catalogue'
import { rightsForRole } from '../../../contract/access/role-presets'
import type { FieldErrors } from '../../../contract/envelope'
import type { RightsChange, RightsInput } from '../../../contract/rights/schemas'
import type { Membership } from '../../access/company-access'
import type { Database } from '../../db/database'
import { companyUsers, rightsChanges, users } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { applyRightsInput, diffRights, flagsBeyondEditor, isReduction } from './rights-diff'

interface MemberRow {
  id: number
  userId: number
  role: string
  overrides: unknown
}

async function findMember(db: Database, companyId: number, userId: number, lock = false): Promise<MemberRow> {
  const query = db
    .select({
      id: companyUsers.id,
      userId: companyUsers.userId,
      role: companyUsers.userRole,
      overrides: companyUsers.accessOverrides,
    })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new HttpError(404, /*i18n*/ 'User not found')
  return row
}

const rightsOf = (member: MemberRow): Rights =>
  rightsForRole(member.role, (member.overrides as Partial<Rights> | null) ?? null)

/** A member's current rights. */
export async function memberRights(db: Database, companyId: number, userId: number) {
  const member = await findMember(db, companyId, userId)
  return { user_id: member.userId, user_role: member.role, rights: rightsOf(member) }
}

/**
 * The changes an input would make, after the rules: nobody changes their own rights unless they own the
 * company, the owner's rights are never reduced, and nobody grants a flag they do not hold themselves.
 */
function plannedChanges(
  editor: { userId: number; membership: Membership },
  member: MemberRow,
  input: RightsInput,
) {
  if (member.userId === editor.userId && editor.membership.role !== 'owner') {
    throw new HttpError(403, /*i18n*/ 'You cannot change your own rights')
  }
  const current = rightsOf(member)
  const next = applyRightsInput(member.role, current, input)
  const changes = diffRights(current, next.rights)
  const errors: FieldErrors = {}
  if (member.role === 'owner') {
    for (const change of changes.filter(isReduction))
      errors[`rights.${change.key}`] = ["The owner's rights cannot be reduced"]
  }
  for (const flag of flagsBeyondEditor(changes, editor.membership.rights)) {
    errors[`rights.${flag}`] = ['You cannot grant a right you do not have']
  }
  if (Object.keys(errors).length > 0)
    throw new HttpError(422, /*i18n*/ 'Validation failed', { fieldErrors: errors })
  return { changes, next }
}

/** What saving would change, without saving. */
export async function previewRights(
  db: Database,
  editor: { userId: number; membership: Membership },
  userId: number,
  input: RightsInput,
): Promise<RightsChange[]> {
  const member = await findMember(db, editor.membership.companyId, userId)
  return plannedChanges(editor, member, input).changes
}

/**
 * Saves a change of rights and records who made it, when, and the diff. The member's row is locked, so that two
 * editors saving at once apply one after the other and each diff is against what the other saved.
 */
export async function saveRights(
  db: Database,
  editor: { userId: number; membership: Membership },
  userId: number,
  input: RightsInput,
) {
  const companyId = editor.membership.companyId
  return db.transaction(async (tx) => {
    const member = await findMember(tx, companyId, userId, true)
    const { changes, next } = plannedChanges(editor, member, input)
    if (changes.length > 0) {
      await tx
        .update(companyUsers)
        .set({ accessOverrides: Object.keys(next.overrides).length > 0 ? next.overrides : null })
        .where(eq(companyUsers.id, member.id))
      await tx.insert(rightsChanges).values({ companyId, userId, changedBy: editor.userId, changes })
    }
    return { user_id: userId, user_role: member.role, rights: next.rights, changes }
  })
}

/** The recorded changes of a member's rights, newest first. */
export async function rightsHistory(db: Database, companyId: number, userId: number) {
  await findMember(db, companyId, userId)
  const rows = await db
    .select({
      id: rightsChanges.id,
      userId: rightsChanges.userId,
      changedById: users.id,
      changedByName: users.name,
      changedAt: rightsChanges.changedAt,
      changes: rightsChanges.changes,
    })
    .from(rightsChanges)
    .innerJoin(users, eq(users.id, rightsChanges.changedBy))
    .where(and(eq(rightsChanges.companyId, companyId), eq(rightsChanges.userId, userId)))
    .orderBy(desc(rightsChanges.changedAt), desc(rightsChanges.id))
  return rows.map((row) => ({
    id: row.id,
    user_id: row.userId,
    changed_by: { id: row.changedById, name: row.changedByName },
    changed_at: row.changedAt.toISOString(),
    changes: row.changes as RightsChange[],
  }))
}
