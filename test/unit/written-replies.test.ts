import { http } from 'msw'
import * as v from 'valibot'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PAGE_REPLIES_DATA } from '../../contract/page-replies'
import { ok } from '../support/msw-api'
import { seenRequests, useMswServer } from '../support/msw-server'
import { clearAppCookies } from '../support/ui-drivers'

const server = useMswServer()
const thingSchema = v.object({ id: v.number(), name: v.string() })

/** The page as the server answers it with replies written in (server/http/page-replies.ts). */
function writeIntoPage(replies: Record<string, unknown>) {
  const element = document.createElement('script')
  element.type = 'application/json'
  element.id = 'page-data'
  element.textContent = JSON.stringify({ [PAGE_REPLIES_DATA]: replies })
  document.body.append(element)
}

/** A fresh app, as on a page load: the page's data is read once per load. */
async function loadApp() {
  vi.resetModules()
  const client = await import('../../src/api/client')
  const tokens = await import('../../src/api/token-store')
  // The fresh modules hold a fresh Lingui instance: messages need a language.
  ;(await import('../../src/i18n/activate')).activateLanguage('en')
  return { ...client, ...tokens }
}

const thingRequests = () =>
  seenRequests.filter((request) => request.method === 'GET' && request.path === '/api/v1/thing')

beforeEach(() => {
  server.use(http.get('/api/v1/thing', () => ok({ id: 2, name: 'from the server' })))
  // A second after the page opened (the test process itself may have run for minutes).
  vi.spyOn(performance, 'now').mockReturnValue(1_000)
})

afterEach(() => {
  document.getElementById('page-data')?.remove()
  clearAppCookies()
  vi.restoreAllMocks()
})

describe('replies the server wrote into the page', () => {
  it('answer the first call for them without a request, and only the first', async () => {
    writeIntoPage({ 'GET /api/v1/thing': { success: true, data: { id: 1, name: 'written' }, meta: {} } })
    const app = await loadApp()
    app.storeAccessToken('token-1')
    await expect(app.apiRequest('/thing', { schema: thingSchema })).resolves.toEqual({
      id: 1,
      name: 'written',
    })
    expect(thingRequests()).toHaveLength(0)
    await expect(app.apiRequest('/thing', { schema: thingSchema })).resolves.toEqual({
      id: 2,
      name: 'from the server',
    })
    expect(thingRequests()).toHaveLength(1)
  })

  it('tell the start of the app whether the page still holds any, so that it renders the page loaded', async () => {
    writeIntoPage({ 'GET /api/v1/thing': { success: true, data: { id: 1, name: 'written' }, meta: {} } })
    const app = await loadApp()
    const { holdsWrittenReplies } = await import('../../src/api/written-replies')
    expect(holdsWrittenReplies()).toBe(true)
    app.storeAccessToken('token-1')
    await app.apiRequest('/thing', { schema: thingSchema })
    expect(holdsWrittenReplies()).toBe(false)

    // A page without them (a public page, or a workspace page whose token the server did not accept).
    await loadApp()
    const fresh = await import('../../src/api/written-replies')
    expect(fresh.holdsWrittenReplies()).toBe(false)
  })

  it('are checked like any reply: one the schema refuses is refused', async () => {
    writeIntoPage({ 'GET /api/v1/thing': { success: true, data: { id: 'one' }, meta: {} } })
    const app = await loadApp()
    app.storeAccessToken('token-1')
    await expect(app.apiRequest('/thing', { schema: thingSchema })).rejects.toThrow(
      'The server sent a reply the app cannot read.',
    )
  })

  it('are not used without a token, nor for another address or method', async () => {
    writeIntoPage({
      'GET /api/v1/thing?page=1': { success: true, data: { id: 1, name: 'written' }, meta: {} },
    })
    const app = await loadApp()
    await expect(
      app.apiRequest('/thing', { schema: thingSchema, query: { page: 1 } }),
    ).resolves.toMatchObject({
      id: 2,
    })
    app.storeAccessToken('token-1')
    await expect(app.apiRequest('/thing', { schema: thingSchema })).resolves.toMatchObject({ id: 2 })
    expect(thingRequests()).toHaveLength(2)
  })

  it('stay when the app sends what changes nothing shown, such as a usage event', async () => {
    server.use(http.post('/api/v1/analytics/events', () => ok({ accepted: 1 })))
    writeIntoPage({ 'GET /api/v1/thing': { success: true, data: { id: 1, name: 'written' }, meta: {} } })
    const app = await loadApp()
    app.storeAccessToken('token-1')
    const { enqueueAnalyticsEvent } = await import('../../src/api/analytics/analytics-queue')
    enqueueAnalyticsEvent({
      type: 'page_view',
      name: 'page_view',
      mode: 'ERP',
      path: '/en/company/1/services',
    })
    await vi.waitFor(() =>
      expect(seenRequests.some((request) => request.path === '/api/v1/analytics/events')).toBe(true),
    )
    await expect(app.apiRequest('/thing', { schema: thingSchema })).resolves.toMatchObject({ id: 1 })
    expect(thingRequests()).toHaveLength(0)
  })

  it('are all dropped once the app changes something, and when the page has been open too long', async () => {
    server.use(http.post('/api/v1/thing', () => ok({ id: 3, name: 'made' })))
    writeIntoPage({ 'GET /api/v1/thing': { success: true, data: { id: 1, name: 'written' }, meta: {} } })
    let app = await loadApp()
    app.storeAccessToken('token-1')
    await app.apiRequest('/thing', { method: 'POST', body: {}, schema: thingSchema })
    await expect(app.apiRequest('/thing', { schema: thingSchema })).resolves.toMatchObject({ id: 2 })

    writeIntoPage({ 'GET /api/v1/thing': { success: true, data: { id: 1, name: 'written' }, meta: {} } })
    app = await loadApp()
    const { WRITTEN_REPLY_MAX_AGE_MS } = await import('../../src/api/written-replies')
    vi.mocked(performance.now).mockReturnValue(WRITTEN_REPLY_MAX_AGE_MS + 1)
    await expect(app.apiRequest('/thing', { schema: thingSchema })).resolves.toMatchObject({ id: 2 })
    expect(thingRequests()).toHaveLength(2)
  })
})
