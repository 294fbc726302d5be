import { cleanup, screen, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { apiBase } from '../../src/api/client'
import { fail, ok } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'

const server = useMswServer()
let app: RenderedApp | undefined

afterEach(() => {
  cleanup()
  app?.session.stop()
  clearAppCookies()
})

/** /en/invite with no token, this browser having opened `last` (or none). */
function openInviteWithoutToken(last: { token: string; name: string; company_title: string } | null) {
  const asked: string[] = []
  server.use(
    http.get(`${apiBase}/invites/last`, () => ok(last)),
    http.get(`${apiBase}/invites/:token`, ({ params }) => {
      asked.push(String(params.token))
      return fail(404, { message: 'Invite not found' })
    }),
  )
  app = renderApp('/en/invite')
  return asked
}

describe('the invitation address without its token', () => {
  it('opens the invitation this browser opened last, as the sign-in page offers it', async () => {
    const asked = openInviteWithoutToken({
      token: 'invite-token-1',
      name: 'Olga',
      company_title: 'Salon Lotus',
    })
    await waitFor(() => expect(app!.router.state.location.pathname).toBe('/en/invite/invite-token-1'))
    await waitFor(() => expect(asked).toEqual(['invite-token-1']))
  })

  it('says there is no such invitation when this browser opened none', async () => {
    const asked = openInviteWithoutToken(null)
    await screen.findByText(/does not exist/)
    expect(app!.router.state.location.pathname).toBe('/en/invite')
    expect(asked).toEqual([])
  })
})
