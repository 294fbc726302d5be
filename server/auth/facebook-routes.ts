import type { FastifyReply, FastifyRequest } from 'fastify'
import { facebookSignInBodySchema } from '../../contract/auth/account-switching-schemas'
import { HttpError } from '../http/http-error'
import { validate } from '../http/validate'
import { createFacebookProvider, type FacebookProvider } from './facebook-provider'
import { findFacebookUser } from './facebook-sign-in'
import { sameSitePath } from '../../contract/same-site-path'
import { replyAfterFirstFactor } from './sign-in-outcome'

/** The reply for a token Facebook does not vouch for and for one that matches no account: the same. */
export const FACEBOOK_REFUSED_MESSAGE = /*i18n*/ 'Facebook sign-in failed'

/** True when a POST /auth/login/1 body carries a Facebook token rather than a password. */
export function isFacebookSignIn(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'fb_token' in body && !('password' in body)
}

const providers = new WeakMap<object, FacebookProvider | undefined>()

/** Signs in with a Facebook access token; a second factor still applies afterwards. */
export async function facebookSignIn(request: FastifyRequest, reply: FastifyReply) {
  const body = validate(facebookSignInBodySchema, request.body)
  const { config, db } = request.server
  if (!providers.has(config)) providers.set(config, createFacebookProvider(config))
  const provider = providers.get(config)
  if (!provider) throw new HttpError(503, /*i18n*/ 'Facebook sign-in is not configured')
  const identity = await provider.verify(body.fb_token)
  const user = identity ? await findFacebookUser(db, identity, body.email) : undefined
  if (!user) throw new HttpError(422, FACEBOOK_REFUSED_MESSAGE)
  return replyAfterFirstFactor(request, reply, user, sameSitePath(body.url), body['2fa'])
}
