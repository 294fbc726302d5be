import { and, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Database } from '../db/database'
import { onboardingProgress, onboardingTokens } from '../db/schema'
import { HttpError } from '../http/http-error'
import { hashOnboardingToken, readOnboardingCookie } from './progress-cookie'

export type ProgressRow = typeof onboardingProgress.$inferSelect

/** Who is asking about a progress, as far as the request shows. */
export interface ProgressViewer {
  progress: ProgressRow
  /** The signed-in user owns the progress (they started it signed in, or it created their account). */
  isOwner: boolean
  /** The device's onboarding token belongs to this progress. */
  hasToken: boolean
  /** The device confirmed a code for this progress (or the owner is signed in): the questionnaire is open. */
  isConfirmed: boolean
}

export const NOT_FOUND_MESSAGE = /*i18n*/ 'Registration not found'
export const FORBIDDEN_MESSAGE =
  /*i18n*/ 'This registration was started on another device. Start again with your phone or e-mail.'
export const UNCONFIRMED_MESSAGE = /*i18n*/ 'Confirm your phone or e-mail with the code first.'
export const COMPLETED_MESSAGE = /*i18n*/ 'This registration is already finished.'

export async function findProgress(db: Database, id: number): Promise<ProgressRow | undefined> {
  const [row] = await db.select().from(onboardingProgress).where(eq(onboardingProgress.id, id))
  return row
}

/** Reads the progress and what the request may do with it; 404 when there is no such progress. */
export async function viewProgress(
  db: Database,
  request: FastifyRequest,
  id: number,
): Promise<ProgressViewer> {
  const progress = await findProgress(db, id)
  if (!progress) throw new HttpError(404, NOT_FOUND_MESSAGE)
  const isOwner = progress.userId !== null && request.auth?.userId === progress.userId
  const cookie = readOnboardingCookie(request)
  let token: typeof onboardingTokens.$inferSelect | undefined
  if (cookie) {
    ;[token] = await db
      .select()
      .from(onboardingTokens)
      .where(
        and(eq(onboardingTokens.tokenHash, hashOnboardingToken(cookie)), eq(onboardingTokens.progressId, id)),
      )
  }
  return {
    progress,
    isOwner,
    hasToken: token !== undefined,
    isConfirmed: isOwner || Boolean(token?.confirmedAt),
  }
}

/**
 * The gate of every call that changes a progress: 403 without the device's token (or the signed-in owner),
 * 409 before a code was confirmed on this device (unless `confirmed` is false) and once it is finished.
 */
export async function requireProgressAccess(
  db: Database,
  request: FastifyRequest,
  id: number,
  options: { confirmed: boolean },
): Promise<ProgressViewer> {
  const viewer = await viewProgress(db, request, id)
  if (!viewer.isOwner && !viewer.hasToken) throw new HttpError(403, FORBIDDEN_MESSAGE)
  if (viewer.progress.completedAt) throw new HttpError(409, COMPLETED_MESSAGE)
  if (options.confirmed && !viewer.isConfirmed) throw new HttpError(409, UNCONFIRMED_MESSAGE)
  return viewer
}
