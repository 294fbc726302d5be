import type { BrowserContext, Route } from 'playwright-core'

/**
 * Holds back the app's requests to `path` (an address ending, `/api/v1/auth/logout_session`) until `release` says
 * what to do with them, so a journey can see and photograph the screen that waits for the answer; the requests
 * made after `release` are answered the same way at once.
 */
export function holdRequest(context: BrowserContext, path: string) {
  const held: Route[] = []
  let answer: ((route: Route) => Promise<void>) | undefined
  let arrive: () => void = () => {}
  const arrived = new Promise<void>((resolve) => (arrive = resolve))
  void context.route(`**${path}`, async (route) => {
    if (answer) return answer(route)
    held.push(route)
    arrive()
  })
  return {
    /** Settles when the first request has been held. */
    arrived,
    async release(reply: (route: Route) => Promise<void>) {
      answer = reply
      for (const route of held.splice(0)) await reply(route)
    },
  }
}

export type HeldRequest = ReturnType<typeof holdRequest>
