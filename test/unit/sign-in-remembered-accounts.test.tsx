import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { apiBase } from '../../src/api/client'
import { ok } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'

/*
 * What the sign-in page offers besides its form: the accounts remembered on this device (pick one to fill in
 * its login, or forget it) and the last invitation this browser opened (open it, or dismiss it).
 */

const server = useMswServer()
let app: RenderedApp | undefined

afterEach(() => {
  cleanup()
  app?.session.stop()
  clearAppCookies()
})

const anna = { token: 'device-anna', name: 'Anna Petrova', login: 'anna@example.com' }
const boris = { token: 'device-boris', name: 'Boris Ivanov', login: '+79161234567' }
const invite = { token: 'invite-token-1', name: 'Olga', company_title: 'Salon Lotus' }

function signInPage({ accounts = [] as (typeof anna)[], lastInvite = null as typeof invite | null } = {}) {
  const forgotten: unknown[] = []
  let inviteDismissed = 0
  server.use(
    http.get(`${apiBase}/auth/fast_login_users`, () => ok(accounts)),
    http.delete(`${apiBase}/auth/fast_login_user`, async ({ request }) => {
      const body = (await request.json()) as { token: string }
      forgotten.push(body)
      accounts = accounts.filter((account) => account.token !== body.token)
      return ok(accounts)
    }),
    http.get(`${apiBase}/invites/last`, () => ok(inviteDismissed > 0 ? null : lastInvite)),
    http.post(`${apiBase}/invite_delete_last_invite_cookie`, () => {
      inviteDismissed += 1
      return ok(null)
    }),
    http.get(`${apiBase}/onboarding/recaptcha_config`, () => ok({ site_key: null, mode: 'development' })),
  )
  app = renderApp('/en/signin')
  return { forgotten, dismissed: () => inviteDismissed }
}

describe('the sign-in page’s remembered accounts', () => {
  it('lists none when the device remembers none', async () => {
    signInPage()
    await screen.findByLabelText('E-mail or phone')
    expect(screen.queryByRole('list', { name: 'Accounts on this device' })).toBeNull()
  })

  it('fills in the login of the account picked, and asks for its password', async () => {
    signInPage({ accounts: [anna, boris] })
    const list = await screen.findByRole('list', { name: 'Accounts on this device' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    const user = userEvent.setup()
    await user.click(within(list).getByRole('button', { name: 'Boris Ivanov +79161234567' }))
    expect((screen.getByLabelText('E-mail or phone') as HTMLInputElement).value).toBe('+79161234567')
    // The password is still asked for: the cursor waits in its field.
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('')
    expect(document.activeElement).toBe(screen.getByLabelText('Password'))
  })

  it('forgets an account on this device and shows the ones that remain', async () => {
    const { forgotten } = signInPage({ accounts: [anna, boris] })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Forget Anna Petrova on this device' }))
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Anna Petrova anna@example.com' })).toBeNull(),
    )
    expect(forgotten).toEqual([{ token: 'device-anna' }])
    expect(screen.getByRole('button', { name: 'Boris Ivanov +79161234567' })).toBeTruthy()
    // Forgetting is not picking: the login stays empty.
    expect((screen.getByLabelText('E-mail or phone') as HTMLInputElement).value).toBe('')
  })
})

describe('the sign-in page’s last invitation', () => {
  it('says nothing when this browser opened no invitation', async () => {
    signInPage()
    await screen.findByLabelText('E-mail or phone')
    expect(screen.queryByRole('note')).toBeNull()
  })

  it('names who invited the user to which company, and opens the invitation', async () => {
    signInPage({ lastInvite: invite })
    const note = await screen.findByRole('note')
    expect(note.textContent).toContain('Olga invited you to join Salon Lotus.')
    const link = within(note).getByRole('link', { name: 'Open the invitation' })
    expect(link.getAttribute('href')).toBe('/en/invite/invite-token-1')
  })

  it('is dismissed for good: the server forgets it and the note goes', async () => {
    const { dismissed } = signInPage({ lastInvite: invite })
    const note = await screen.findByRole('note')
    const user = userEvent.setup()
    await user.click(within(note).getByRole('button', { name: 'Dismiss' }))
    await waitFor(() => expect(screen.queryByRole('note')).toBeNull())
    expect(dismissed()).toBe(1)
  })
})
