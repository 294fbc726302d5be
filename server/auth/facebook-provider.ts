import type { Config } from '../config'

/** Who a Facebook access token belongs to, as the provider vouches. */
export interface FacebookIdentity {
  facebookUserId: string
  /** The e-mail Facebook holds for the user, if the user shared it. */
  email: string | null
}

/** Checks a Facebook access token with the provider; null when the token is not valid for this app. */
export interface FacebookProvider {
  verify(fbToken: string): Promise<FacebookIdentity | null>
}

const TIMEOUT_MS = 5000

async function getJson(url: URL): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) })
  if (!response.ok) return null
  return response.json().catch(() => null)
}

/**
 * The Graph API adapter: debug_token (with the app token APP_ID|APP_SECRET) proves that the user token is valid
 * and was issued to this app, then /me gives the user's e-mail. Returns undefined when Facebook sign-in is
 * not configured. A provider failure or time-out counts as an invalid token: sign-in never rests on a guess.
 */
export function createFacebookProvider(
  config: Pick<Config, 'FACEBOOK_APP_ID' | 'FACEBOOK_APP_SECRET' | 'FACEBOOK_GRAPH_URL'>,
): FacebookProvider | undefined {
  const { FACEBOOK_APP_ID: appId, FACEBOOK_APP_SECRET: appSecret, FACEBOOK_GRAPH_URL: graph } = config
  if (!appId || !appSecret) return undefined
  return {
    async verify(fbToken) {
      try {
        const debugUrl = new URL(`${graph}/debug_token`)
        debugUrl.searchParams.set('input_token', fbToken)
        debugUrl.searchParams.set('access_token', `${appId}|${appSecret}`)
        const debug = (await getJson(debugUrl)) as {
          data?: { is_valid?: unknown; app_id?: unknown; user_id?: unknown }
        } | null
        const data = debug?.data
        if (
          !data ||
          data.is_valid !== true ||
          String(data.app_id) !== appId ||
          typeof data.user_id !== 'string'
        ) {
          return null
        }
        const meUrl = new URL(`${graph}/me`)
        meUrl.searchParams.set('fields', 'id,email')
        meUrl.searchParams.set('access_token', fbToken)
        const me = (await getJson(meUrl)) as { id?: unknown; email?: unknown } | null
        if (!me || String(me.id) !== data.user_id) return null
        return {
          facebookUserId: data.user_id,
          email: typeof me.email === 'string' ? me.email.toLowerCase() : null,
        }
      } catch {
        return null
      }
    },
  }
}
