import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { User } from '../../contract/auth/schemas'
import type { MissingKeyEntry } from '../../contract/i18n/missing-keys-schemas'
import { apiBase } from '../../src/api/client'
import { writeCookie } from '../../src/api/cookies'
import { anna, createFakeApi, ok, type FakeApi } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'

const server = useMswServer()
let app: RenderedApp | undefined
let api: FakeApi | undefined

afterEach(() => {
  cleanup()
  app?.session.stop()
  api?.release()
  clearAppCookies()
  vi.restoreAllMocks()
  app = api = undefined
})

const translator: User = { ...anna, page_flags: ['translator'] }

const reported: MissingKeyEntry[] = [
  {
    language: 'de',
    key: 'Clients',
    count: 3,
    first_seen: '2026-11-20T10:00:00.000Z',
    last_seen: '2026-11-25T09:30:00.000Z',
  },
  {
    language: 'de',
    key: 'Say "hello", {name}',
    count: 1,
    first_seen: '2026-11-21T10:00:00.000Z',
    last_seen: '2026-11-21T10:00:00.000Z',
  },
  {
    language: 'ru',
    key: 'Working hours',
    count: 7,
    first_seen: '2026-11-19T10:00:00.000Z',
    last_seen: '2026-11-24T18:00:00.000Z',
  },
]

/** `user` on /en/translations/missing; the server lists `reported` (to a translator, as it does). */
async function openPage(user: User) {
  api = createFakeApi()
  const listed: string[] = []
  server.use(
    // The session check and the user menu's page flags read the same reply.
    http.post(`${apiBase}/auth/session`, () =>
      ok({ session_id: 's-1', user, expires_at: '2030-01-01T00:00:00Z' }),
    ),
    http.get(`${apiBase}/translations/missing`, ({ request }) => {
      listed.push(request.method)
      return ok(reported)
    }),
    ...api.handlers,
  )
  writeCookie('access_token', api.issue('user-token'))
  app = renderApp('/en/translations/missing')
  await screen.findByRole('heading', { name: 'Missing translations', level: 1 })
  return { listed }
}

/** Catches the files the page offers: each download's name and the text of its Blob. */
function catchDownloads() {
  const files: { name: string; blob: Blob }[] = []
  const blobs = new Map<string, Blob>()
  let next = 0
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:test/${(next += 1)}`
    blobs.set(url, blob as Blob)
    return url
  }
  URL.revokeObjectURL = () => {}
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: blobs.get(this.href)! })
  })
  return files
}

describe('the missing translations page', () => {
  it('lists the keys per language with their count and last seen, and filters by language', async () => {
    await openPage(translator)
    const german = within(await screen.findByRole('region', { name: 'Deutsch (2)' }))
    const rows = german.getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Clients',
      'Say "hello", {name}',
    ])
    expect(within(rows[0]!).getByRole('cell', { name: '3' })).toBeTruthy()
    expect(within(rows[0]!).getByRole('cell', { name: /Nov 25, 2026/ })).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Русский (1)' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('3 missing keys')

    await userEvent.selectOptions(screen.getByLabelText('Show the language'), 'Русский')
    expect(screen.queryByRole('region', { name: 'Deutsch (2)' })).toBeNull()
    expect(screen.getByRole('region', { name: 'Русский (1)' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('1 missing key')
  })

  it('downloads the chosen language, or all, as CSV and as JSON', async () => {
    await openPage(translator)
    const files = catchDownloads()
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }))
    expect(files[0]!.name).toBe('missing-translations-all.csv')
    expect((await files[0]!.blob.text()).split('\r\n')).toEqual([
      'language,key,count,first_seen,last_seen',
      '"de","Clients","3","2026-11-20T10:00:00.000Z","2026-11-25T09:30:00.000Z"',
      '"de","Say ""hello"", {name}","1","2026-11-21T10:00:00.000Z","2026-11-21T10:00:00.000Z"',
      '"ru","Working hours","7","2026-11-19T10:00:00.000Z","2026-11-24T18:00:00.000Z"',
      '',
    ])

    await userEvent.selectOptions(screen.getByLabelText('Show the language'), 'Deutsch')
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }))
    expect(files[1]!.name).toBe('missing-translations-de.csv')
    expect((await files[1]!.blob.text()).split('\r\n')).toHaveLength(4)
    await userEvent.click(screen.getByRole('button', { name: 'Download JSON' }))
    expect(files[2]!.name).toBe('missing-translations-de.json')
    expect(JSON.parse(await files[2]!.blob.text())).toEqual(reported.slice(0, 2))
  })

  it('links the page from the user menu of a translator only', async () => {
    await openPage(translator)
    const link = await screen.findByRole('link', { name: 'Missing translations' })
    expect(link.getAttribute('href')).toBe('/en/translations/missing')
  })

  it('tells a user without the translator flag that the page is not available, without a menu link', async () => {
    const { listed } = await openPage(anna)
    expect(
      screen.getByText('This page is not available to you: only translators see the missing translations.'),
    ).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Missing translations' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull()
    expect(screen.queryByText('Clients')).toBeNull()
    expect(listed.length).toBeLessThanOrEqual(1)
  })
})
