import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { launchBrowser } from './browser'
import { startServer, type RunningServer } from './e2e-server'

export interface E2eSession {
  readonly server: RunningServer
  readonly browser: Browser
}

/**
 * A real server and a browser for one e2e file: both start in beforeAll; afterAll closes the browser and
 * checks that the server stops cleanly (exit code 0). Read server and browser inside tests, after beforeAll.
 */
export function useServerAndBrowser(env: Record<string, string> = {}): E2eSession {
  let server: RunningServer | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    server = await startServer(env)
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    expect(await server?.stop()).toBe(0)
  })
  const notStarted = () => new Error('The server and browser start in beforeAll: use them inside a test.')
  return {
    get server() {
      if (!server) throw notStarted()
      return server
    },
    get browser() {
      if (!browser) throw notStarted()
      return browser
    },
  }
}
