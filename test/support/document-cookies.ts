import { vi } from 'vitest'

/** Removes every cookie of the test page (jsdom), whatever wrote it. */
export function clearAllCookies(): void {
  for (const part of document.cookie.split('; ')) {
    const name = part.split('=')[0]
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`
  }
}

/** The Max-Age of each cookie written while `run` runs, by cookie name (the cookies are still written). */
export function maxAgesWritten(run: () => void): Record<string, string | undefined> {
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!
  const written: Record<string, string | undefined> = {}
  vi.spyOn(document, 'cookie', 'set').mockImplementation((cookie: string) => {
    const [name] = cookie.split('=')
    written[decodeURIComponent(name!)] = /Max-Age=(\d+)/.exec(cookie)?.[1]
    descriptor.set!.call(document, cookie)
  })
  run()
  return written
}

/** 400 days in seconds: how long the onboarding's attribution and A/B cookies live (SPEC.md section 3). */
export const fourHundredDays = String(400 * 24 * 60 * 60)
