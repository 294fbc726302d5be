import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastLoginUser } from '../../contract/auth/account-switching-schemas'
import type { Config } from '../config'
import type { Database } from '../db/database'
import { fastLoginUsers, users } from '../db/schema'
import { apiCookieOptions } from '../embedding/frame-cookies'
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens'

/** The HttpOnly cookie with this device's remembered-account tokens, separated by dots. */
export const FAST_LOGIN_COOKIE = 'fast_login_users'
/** The script-written cookie naming the device (src/api/token-store.ts). */
export const DEVICE_ID_COOKIE = 'device_id'
/** The sign-in screen lists at most this many accounts; the oldest is forgotten first. */
export const FAST_LOGIN_MAX_PER_DEVICE = 5
const COOKIE_MAX_AGE_SEC = 400 * 24 * 60 * 60

type CookieConfig = Pick<Config, 'PUBLIC_ORIGIN' | 'EMBED_PARENT_ORIGINS'>

function deviceHashOf(request: FastifyRequest): string | null {
  const deviceId = request.cookies[DEVICE_ID_COOKIE]
  if (!deviceId || !/^[\w-]{8,128}$/.test(deviceId)) return null
  return hashOpaqueToken(`device:${deviceId}`)
}

function cookieTokens(request: FastifyRequest): string[] {
  const raw = request.cookies[FAST_LOGIN_COOKIE] ?? ''
  return raw
    .split('.')
    .filter((token) => /^[\w-]{20,64}$/.test(token))
    .slice(-FAST_LOGIN_MAX_PER_DEVICE * 2)
}

function writeCookie(reply: FastifyReply, config: CookieConfig, tokens: string[]): void {
  if (tokens.length === 0) reply.clearCookie(FAST_LOGIN_COOKIE, apiCookieOptions(config, reply))
  else
    reply.setCookie(FAST_LOGIN_COOKIE, tokens.join('.'), {
      ...apiCookieOptions(config, reply),
      maxAge: COOKIE_MAX_AGE_SEC,
    })
}

/** The live entries behind the cookie's tokens on this device, with their users, oldest first. */
async function entriesOf(db: Database, request: FastifyRequest) {
  const deviceHash = deviceHashOf(request)
  const tokens = cookieTokens(request)
  if (!deviceHash || tokens.length === 0) return []
  const byHash = new Map(tokens.map((token) => [hashOpaqueToken(token), token]))
  const rows = await db
    .select({ entry: fastLoginUsers, user: users })
    .from(fastLoginUsers)
    .innerJoin(users, eq(users.id, fastLoginUsers.userId))
    .where(
      and(
        inArray(fastLoginUsers.tokenHash, [...byHash.keys()]),
        eq(fastLoginUsers.deviceIdHash, deviceHash),
        isNull(fastLoginUsers.revokedAt),
      ),
    )
  return rows
    .map((row) => ({ ...row, token: byHash.get(row.entry.tokenHash)! }))
    .sort((a, b) => a.entry.id - b.entry.id)
}

/**
 * Remembers a signed-in user on the device the request comes from (only when it carries a device id), unless
 * already remembered there. Keeps the newest FAST_LOGIN_MAX_PER_DEVICE accounts.
 */
export async function rememberOnDevice(
  db: Database,
  config: CookieConfig,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const deviceHash = deviceHashOf(request)
  if (!deviceHash) return
  const entries = await entriesOf(db, request)
  if (entries.some((entry) => entry.user.id === userId)) return
  const token = newOpaqueToken()
  await db
    .insert(fastLoginUsers)
    .values({ userId, deviceIdHash: deviceHash, tokenHash: hashOpaqueToken(token) })
  const kept = [...entries.map((entry) => entry.token), token].slice(-FAST_LOGIN_MAX_PER_DEVICE)
  writeCookie(reply, config, kept)
}

/**
 * The users this browser has signed in as before: live entries of its HttpOnly cookie bound to its device id.
 * The device id alone proves nothing (a script writes it); the cookie's token, issued only after every factor
 * was checked and stored hashed against that device, does. Sign-in throttling lets these users through.
 */
export async function rememberedUserIdsOf(db: Database, request: FastifyRequest): Promise<Set<number>> {
  const entries = await entriesOf(db, request)
  return new Set(entries.map((entry) => entry.user.id))
}

/** The accounts remembered on this device, for the sign-in screen. */
export async function listRemembered(db: Database, request: FastifyRequest): Promise<FastLoginUser[]> {
  const entries = await entriesOf(db, request)
  return entries.map(({ token, user }) => ({ token, name: user.name, login: user.email ?? user.phone ?? '' }))
}

/** Forgets one remembered account on this device; a token of another device or an unknown one changes nothing. */
export async function forgetRemembered(
  db: Database,
  config: CookieConfig,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): Promise<void> {
  const deviceHash = deviceHashOf(request)
  if (deviceHash) {
    await db
      .update(fastLoginUsers)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(fastLoginUsers.tokenHash, hashOpaqueToken(token)),
          eq(fastLoginUsers.deviceIdHash, deviceHash),
        ),
      )
  }
  writeCookie(
    reply,
    config,
    cookieTokens(request).filter((kept) => kept !== token),
  )
}
