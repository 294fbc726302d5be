import { createServer, type Server } from 'node:http'
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultRedirectLocation, embeddedMachine, redirectTimeoutMs } from '../../machines/embedded'
import { embedDemoPageHtml, embedDemoScript } from '../../server/embedding/demo-page'
import { launchBrowser } from '../support/browser'
import { freePort, startServer, type RunningServer } from '../support/e2e-server'
import { holdRequest, type HeldRequest } from '../support/held-request'
import { createJourneyFlowScreens } from '../support/journey-flow-screens'
import { answerNewerTable, pathOf, registerPhone, uniquePhone } from '../support/onboarding-journey-driver'

/**
 * `npm run docs:flow-screens -- embedded`: the embedded machine's screens, photographed as the whole parent page
 * with the app in its frame (standalone, the app's own page).
 */
const screens = createJourneyFlowScreens([embeddedMachine])
/** `held`: a request of the app's is held back on purpose, so the network is not waited for. */
const shoot = (page: Page, frame?: Frame, held = false) =>
  screens.shoot(page, embeddedMachine, { app: frame, waitForNetwork: !held })

/** The message envelope the example parent page collects (docs/embedding.md). */
interface ReceivedMessage {
  source: string
  version: number
  type: string
  payload: Record<string, unknown>
}

/**
 * An admin application on its own origin: the example parent page framing the app, plus a page of the
 * same origin that is not the parent (to forge messages from another window of the parent's origin).
 */
function startParent(port: number, appUrl: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    if (path === '/parent.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(embedDemoScript)
    } else if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(embedDemoPageHtml(appUrl, '/parent.js'))
    } else if (path === '/sibling') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Sibling</title>')
    } else {
      response.writeHead(404).end()
    }
  })
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)))
}

const stop = (server: Server | undefined) =>
  new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))

let app: RunningServer
let browser: Browser
let allowedParent: Server
let refusedParent: Server
// 'localhost' and '127.0.0.1' are different sites: the app runs as a third party, as it does in production.
let allowedParentOrigin: string
let refusedParentOrigin: string

beforeAll(async () => {
  const [allowedPort, refusedPort] = [await freePort(), await freePort()]
  allowedParentOrigin = `http://localhost:${allowedPort}`
  refusedParentOrigin = `http://localhost:${refusedPort}`
  app = await startServer({ EMBED_PARENT_ORIGINS: allowedParentOrigin })
  const inspect = screens.inspectQuery ? `?${screens.inspectQuery}` : ''
  allowedParent = await startParent(allowedPort, `${app.origin}/en/signin${inspect}`)
  refusedParent = await startParent(refusedPort, `${app.origin}/en/signin`)
  browser = await launchBrowser()
})

afterAll(async () => {
  screens.finish()
  await browser?.close()
  await stop(allowedParent)
  await stop(refusedParent)
  expect(await app?.stop()).toBe(0)
})

const received = (page: Page) =>
  page.evaluate(() => (window as unknown as { receivedMessages: ReceivedMessage[] }).receivedMessages)
const ignored = (page: Page) =>
  page.evaluate(() => (window as unknown as { ignoredMessages: unknown[] }).ignoredMessages)
const typesOf = (messages: ReceivedMessage[]) => messages.map((message) => message.type)

async function waitForMessage(page: Page, type: string, count = 1) {
  await page.waitForFunction(
    ([wanted, times]) =>
      (window as unknown as { receivedMessages: { type: string }[] }).receivedMessages.filter(
        (message) => message.type === wanted,
      ).length >= (times as number),
    [type, count] as const,
  )
}

function appFrame(page: Page): Frame {
  const frame = page.frames().find((candidate) => candidate.url().startsWith(app.origin))
  if (!frame)
    throw new Error(
      `the app frame is missing: ${page
        .frames()
        .map((f) => f.url())
        .join(', ')}`,
    )
  return frame
}

/**
 * `prepare` runs before the parent page opens (a route to hold, a clock to install), `beforeReady` once it has
 * opened, before the frame has said it is ready.
 */
async function openAllowedParent(
  prepare?: (context: BrowserContext) => Promise<void>,
  beforeReady?: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext()
  await screens.follow(context)
  await prepare?.(context)
  const page = await context.newPage()
  await page.goto(`${allowedParentOrigin}/`)
  await beforeReady?.(page)
  await waitForMessage(page, 'ready')
  return { context, page, frame: appFrame(page) }
}

async function signInInFrame(frame: Frame) {
  await frame.getByLabel('E-mail or phone').fill('demo@example.com')
  await frame.getByLabel('Password').fill('demo12345')
  await frame.getByRole('button', { name: 'Sign in' }).click()
  await frame.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
}

describe('the app inside an admin application on another origin', () => {
  it('says ready, reports each page (the workspace sections too), keeps its cookies across a reload, and posts login on sign-out', async () => {
    // The allow-list is held back a moment: the frame shows its page while it finds out where it runs.
    let detection: HeldRequest | undefined
    const { context, page, frame } = await openAllowedParent(
      async (context) => {
        detection = holdRequest(context, '/api/v1/embedding/config')
      },
      async (page) => {
        await detection!.arrived
        await appFrame(page).getByLabel('E-mail or phone').waitFor()
        expect(await page.locator('#frame-status').textContent()).not.toBe('ready')
        await shoot(page, appFrame(page), true)
        await detection!.release((route) => route.continue())
      },
    )
    const [ready] = await received(page)
    expect(ready).toEqual({
      source: 'salon-embedded',
      version: 1,
      type: 'ready',
      payload: { path: '/en/signin' },
    })
    expect(await page.locator('#frame-status').textContent()).toBe('ready')
    await shoot(page, frame)

    await signInInFrame(frame)
    await waitForMessage(page, 'webPageVisit')
    expect((await received(page)).find((message) => message.type === 'webPageVisit')?.payload).toEqual({
      path: '/en',
      registrationId: null,
    })

    // The session lives in partitioned cookies that a third-party frame may keep: a reload stays signed in.
    await frame.evaluate(() => window.location.reload())
    await waitForMessage(page, 'ready', 2)
    await appFrame(page).getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()

    // Moving about the workspace inside the frame is reported page by page too.
    const visitsBefore = typesOf(await received(page)).filter((type) => type === 'webPageVisit').length
    await appFrame(page)
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Services', exact: true })
      .click()
    await appFrame(page).getByRole('heading', { name: 'Services', level: 1 }).waitFor()
    await waitForMessage(page, 'webPageVisit', visitsBefore + 1)
    const visits = (await received(page)).filter((message) => message.type === 'webPageVisit')
    expect(visits.at(-1)?.payload).toEqual({
      path: expect.stringMatching(/^\/en\/company\/\d+\/services$/),
      registrationId: null,
    })

    await appFrame(page).getByRole('button', { name: 'Sign out' }).click()
    await waitForMessage(page, 'login')
    await appFrame(page).getByRole('heading', { name: 'Sign in' }).waitFor()
    const messages = await received(page)
    expect(messages.find((message) => message.type === 'login')?.payload).toEqual({})
    expect(typesOf(messages).filter((type) => type === 'login')).toHaveLength(1)
    expect(await ignored(page)).toEqual([])
    await context.close()
  })

  it('completes a registration inside the frame, logs the frame out, then hands the parent a working token', async () => {
    const { context, page, frame } = await openAllowedParent()
    // One timeline of what the frame does on the network and what the parent receives, to check the order.
    const timeline: string[] = []
    let frameAuthorization: string | undefined
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/embedding/parent_token'))
        void request.allHeaders().then((headers) => (frameAuthorization = headers.authorization))
    })
    page.on('requestfinished', (request) => {
      if (request.url().endsWith('/api/v1/auth/logout_session')) timeline.push('frame session logged out')
    })
    await page.exposeFunction('noteMessage', (type: string) => timeline.push(type))
    await page.evaluate(() =>
      window.addEventListener('message', (event: MessageEvent<{ type?: string }>) =>
        (window as unknown as { noteMessage: (type: string) => void }).noteMessage(String(event.data?.type)),
      ),
    )

    await registerPhone(frame, app.origin, 'new', uniquePhone())
    await answerNewerTable(frame, { name: 'Vera', company: 'Vera Studio' })
    await waitForMessage(page, 'registrationComplete')
    await frame.getByText('Your account is opening in the admin application.').waitFor()
    const registrationId = Number(pathOf(frame).match(/^\/en\/onboarding\/complete\/(\d+)$/)?.[1])

    const messages = await received(page)
    const completion = messages.find((message) => message.type === 'registrationComplete')!
    expect(completion.payload).toEqual({
      token: expect.any(String),
      user: { id: expect.any(Number), name: 'Vera' },
      company: { id: expect.any(Number) },
      progress: expect.objectContaining({ id: registrationId, is_completed: true }),
      isIndividual: false,
    })
    // The frame's session ended before the parent heard of the registration, and that is no sign-out.
    expect(timeline.indexOf('frame session logged out')).toBeGreaterThan(-1)
    expect(timeline.indexOf('frame session logged out')).toBeLessThan(
      timeline.indexOf('registrationComplete'),
    )
    expect(typesOf(messages)).not.toContain('login')
    expect(await ignored(page)).toEqual([])

    // The parent's token opens the new company; the frame's own token is no longer accepted.
    const companies = async (authorization: string) =>
      fetch(`${app.origin}/api/v1/companies`, { headers: { Authorization: authorization } })
    const parentReply = await companies(`Bearer ${completion.payload.token as string}`)
    expect(parentReply.status).toBe(200)
    const listed = ((await parentReply.json()) as { data: { id: number; title: string }[] }).data
    expect(listed).toEqual([
      expect.objectContaining({
        id: (completion.payload.company as { id: number }).id,
        title: 'Vera Studio',
      }),
    ])
    expect(frameAuthorization).toMatch(/^Bearer /)
    expect(frameAuthorization).not.toBe(`Bearer ${completion.payload.token as string}`)
    expect((await companies(frameAuthorization!)).status).toBe(401)
    await context.close()
  })

  it('shows the hand-over, lets the user retry a failed one, and asks the parent to redirect when it does not take over', async () => {
    // The frame's clock is the test's, so the 20 s the parent is given pass at once.
    let tokenRequest: HeldRequest | undefined
    const { context, page, frame } = await openAllowedParent(async (context) => {
      await context.clock.install()
      tokenRequest = holdRequest(context, '/api/v1/embedding/parent_token')
    })
    await registerPhone(frame, app.origin, 'new', uniquePhone(), { query: screens.inspectQuery })
    await answerNewerTable(frame, { name: 'Nina', company: 'Nina Studio' })

    // The token for the parent is on its way; then the connection drops.
    await tokenRequest!.arrived
    await frame.getByRole('heading', { name: 'Finishing your registration…' }).waitFor()
    await shoot(page, frame, true)
    // Only the first request fails: the retry's goes through.
    let failed = false
    await tokenRequest!.release((route) =>
      failed ? route.continue() : ((failed = true), route.abort('connectionfailed')),
    )
    await frame.getByText('Your account could not be opened in the admin application.').waitFor()
    // The screen says it; the toast beside it would stay English in the Russian picture.
    await frame.locator('.toast__close').click()
    await shoot(page, frame)
    expect(typesOf(await received(page))).not.toContain('registrationComplete')

    // The user tries again; the token arrives and the frame's own session is being closed.
    const logout = holdRequest(context, '/api/v1/auth/logout_session')
    await frame.getByRole('button', { name: 'Try again' }).click()
    await logout.arrived
    await frame.getByRole('heading', { name: 'Finishing your registration…' }).waitFor()
    await shoot(page, frame, true)
    await logout.release((route) => route.continue())
    await waitForMessage(page, 'registrationComplete')
    await frame.getByText('Your account is opening in the admin application.').waitFor()
    await shoot(page, frame)

    // The parent does not take over: after 20 s the frame asks it to go to its own page.
    await page.clock.fastForward(redirectTimeoutMs)
    await waitForMessage(page, 'redirect')
    await frame.getByText(/If nothing happens/).waitFor()
    await shoot(page, frame)
    const messages = await received(page)
    expect(messages.find((message) => message.type === 'redirect')?.payload).toEqual({
      location: defaultRedirectLocation,
    })
    expect(typesOf(messages).filter((type) => type === 'registrationComplete')).toHaveLength(1)
    expect(await ignored(page)).toEqual([])
    await context.close()
  })

  it('on its own, outside any frame, reports to no one and ends a registration on its own completion page', async () => {
    const context = await browser.newContext()
    await screens.follow(context)
    const page = await context.newPage()
    const inspect = screens.inspectQuery ? `?${screens.inspectQuery}` : ''
    await page.goto(`${app.origin}/en/signin${inspect}`)
    await page.getByLabel('E-mail or phone').waitFor()
    await shoot(page)

    await registerPhone(page, app.origin, 'new', uniquePhone(), { query: screens.inspectQuery })
    await answerNewerTable(page, { name: 'Olga', company: 'Olga Studio' })
    await page.waitForURL(/\/en\/onboarding\/complete\/\d+$/)
    await page.getByRole('link', { name: 'Go to your account' }).waitFor()
    await shoot(page)
    expect(await page.getByText('Your account is opening in the admin application.').count()).toBe(0)
    await context.close()
  })

  it('ignores a forged message from another window of the parent origin, and answers the parent itself', async () => {
    const { context, page } = await openAllowedParent()
    // A page of the parent's own origin, but not the parent window, tries to make the frame talk.
    await page.evaluate((origin) => {
      const sibling = document.createElement('iframe')
      sibling.src = `${origin}/sibling`
      sibling.id = 'sibling'
      document.body.append(sibling)
      return new Promise((resolve) => sibling.addEventListener('load', resolve))
    }, allowedParentOrigin)
    const sibling = page.frames().find((candidate) => candidate.url().endsWith('/sibling'))!
    await sibling.evaluate((appOrigin) => {
      const target = window.parent.frames[0]!
      target.postMessage({ source: 'salon-embedded', version: 1, type: 'ping' }, appOrigin)
      target.postMessage({ source: 'salon-embedded', version: 1, type: 'ping' }, '*')
    }, app.origin)
    // A message from the parent window in a shape the frame does not accept is ignored too.
    await page.evaluate((appOrigin) => {
      const frame = document.getElementById('app-frame') as HTMLIFrameElement
      frame.contentWindow!.postMessage(
        { source: 'salon-embedded', version: 1, type: 'ping', extra: 1 },
        appOrigin,
      )
      frame.contentWindow!.postMessage('ping', appOrigin)
    }, app.origin)
    await page.waitForTimeout(1000)
    expect(typesOf(await received(page)).filter((type) => type === 'ready')).toHaveLength(1)

    // The real parent's ping is answered: the frame was listening all along.
    await page.getByRole('button', { name: 'Ping the frame' }).click()
    await waitForMessage(page, 'ready', 2)
    await context.close()
  })

  it('cannot be framed by a parent that is not allowed, which receives nothing', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const blocked: string[] = []
    page.on('console', (message) => {
      if (message.text().includes('frame-ancestors')) blocked.push(message.text())
    })
    await page.goto(`${refusedParentOrigin}/`)
    await expect.poll(() => blocked.length, { timeout: 15_000 }).toBeGreaterThan(0)
    await page.waitForTimeout(1000)
    expect(await received(page)).toEqual([])
    expect(await ignored(page)).toEqual([])
    // The app never ran inside: no frame shows it.
    const frames = page.frames().filter((frame) => frame !== page.mainFrame())
    for (const frame of frames) expect(await frame.locator('#root').count()).toBe(0)
    await context.close()
  })
})
