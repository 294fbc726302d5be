import { createServer, type Server } from 'node:http'
import type { Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiCall, signInThroughApi } from '../support/e2e-journey-helpers'
import { useServerAndBrowser } from '../support/e2e-session'
import { freePort } from '../support/e2e-server'

const e2e = useServerAndBrowser()

/**
 * A salon's own site on its own origin: `/?page=...` frames that booking page of the app with the snippet's
 * attributes and keeps every message it receives, with the sender's origin, in `window.receivedMessages`.
 */
function startSalonSite(port: number, appOrigin: string): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (url.pathname !== '/') return void response.writeHead(404).end()
    const src = `${appOrigin}${url.searchParams.get('page') ?? '/en/b2c/1'}`
    response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html>
<html lang="en"><head><title>Salon site</title></head><body>
<h1>Our salon</h1>
<script>
  window.receivedMessages = []
  window.addEventListener('message', (event) => {
    window.receivedMessages.push({ origin: event.origin, data: event.data })
  })
</script>
<iframe src="${src}" title="Online booking" loading="lazy" style="width: 100%; height: 760px; border: 0"></iframe>
</body></html>`)
  })
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)))
}

const stop = (server: Server | undefined) =>
  new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))

let allowedSite: Server
let refusedSite: Server
// 'localhost' and the app's '127.0.0.1' are different sites: the page runs as a third party, as on a real site.
let allowedOrigin: string
let refusedOrigin: string

beforeAll(async () => {
  const [allowedPort, refusedPort] = [await freePort(), await freePort()]
  allowedOrigin = `http://localhost:${allowedPort}`
  refusedOrigin = `http://localhost:${refusedPort}`
  allowedSite = await startSalonSite(allowedPort, e2e.server.origin)
  refusedSite = await startSalonSite(refusedPort, e2e.server.origin)
  const owner = await signInThroughApi(e2e.server.origin, 'demo@example.com', 'demo12345')
  const saved = await apiCall(e2e.server.origin, '/company/1/online_booking/frame_origins', {
    method: 'PUT',
    token: owner.token,
    body: { origins: [allowedOrigin] },
  })
  expect(saved.status).toBe(200)
})

afterAll(async () => {
  await stop(allowedSite)
  await stop(refusedSite)
})

const received = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { receivedMessages: { origin: string; data: unknown }[] }).receivedMessages,
  )

/** The frame of the app once the browser has started it (the snippet loads it lazily). */
async function bookingFrame(page: Page): Promise<Frame> {
  const find = () => page.frames().find((candidate) => candidate.url().startsWith(e2e.server.origin))
  await expect.poll(() => find() !== undefined, { timeout: 15_000 }).toBe(true)
  return find()!
}

describe('a booking page on the salon’s own site, in Chromium', () => {
  it('shows in a frame of a site the salon lists, which hears that it is up; the chain’s page leads to a salon', async () => {
    const context = await e2e.browser.newContext()
    try {
      const page = await context.newPage()
      await page.goto(`${allowedOrigin}/`)
      const frame = await bookingFrame(page)
      await frame.getByRole('heading', { name: 'Choose services' }).waitFor()
      await expect
        .poll(() => received(page), { timeout: 10_000 })
        .toEqual([
          {
            origin: e2e.server.origin,
            data: { source: 'salon-booking', version: 1, type: 'ready', payload: { company_id: 1 } },
          },
        ])

      // The chain's page is allowed there too (a salon of the chain lists the site); a salon leads to its page.
      await page.goto(`${allowedOrigin}/?page=/en/b2c/chain/1`)
      const chainFrame = await bookingFrame(page)
      await chainFrame.getByRole('heading', { name: 'Choose a salon' }).waitFor()
      await chainFrame.getByRole('link', { name: /Beauty Line — Tverskaya/ }).click()
      await chainFrame.getByRole('heading', { name: 'Choose services' }).waitFor()
      expect(new URL(chainFrame.url()).pathname).toBe('/en/b2c/1')
    } finally {
      await context.close()
    }
  })

  it('is refused by the browser in a frame of a site the salon does not list, which hears nothing', async () => {
    const context = await e2e.browser.newContext()
    try {
      const page = await context.newPage()
      const blocked: string[] = []
      page.on('console', (message) => {
        if (message.text().includes('frame-ancestors')) blocked.push(message.text())
      })
      await page.goto(`${refusedOrigin}/`)
      await expect.poll(() => blocked.length, { timeout: 15_000 }).toBeGreaterThan(0)
      await page.waitForTimeout(1000)
      expect(await received(page)).toEqual([])
      const frames = page.frames().filter((frame) => frame !== page.mainFrame())
      for (const frame of frames) expect(await frame.locator('#root').count()).toBe(0)
      // The other salon of the chain lists no site: its page refuses even the first salon's site.
      blocked.length = 0
      await page.goto(`${allowedOrigin}/?page=/en/b2c/2`)
      await expect.poll(() => blocked.length, { timeout: 15_000 }).toBeGreaterThan(0)
    } finally {
      await context.close()
    }
  })
})
