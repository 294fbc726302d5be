import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { TwoFactorSetting } from '../../contract/auth/two-factor-schemas'
import { apiBase } from '../../src/api/client'
import { writeCookie } from '../../src/api/cookies'
import { replacePageLoader } from '../../src/app/load-afresh'
import { toastStore } from '../../src/ui/toast-store'
import { anna, createFakeApi, createGate, ok, salonOne, type FakeApi, type Gate } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { annaSessions, salonOnePolicy, securityPageReplies } from '../support/security-page-replies'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'

const server = useMswServer()

let app: RenderedApp | undefined
let api: FakeApi | undefined
let gates: Gate[] = []
let restoreLoader: ((path: string) => void) | undefined

afterEach(() => {
  cleanup()
  toastStore.clear()
  app?.session.stop()
  app?.queryClient.clear()
  api?.release()
  for (const gate of gates) gate.release()
  if (restoreLoader) replacePageLoader(restoreLoader)
  clearAppCookies()
  app = api = restoreLoader = undefined
  gates = []
})

const ownSetting: TwoFactorSetting = { two_factor: 'off', required_by_company: false, totp_configured: false }
const toastTexts = () => toastStore.snapshot().map((toast) => toast.message)

/** Anna on her Security page in Salon One, with `extra` handlers tried first. */
async function openSecurity(extra: Parameters<typeof server.use> = [], company = salonOne) {
  api = createFakeApi([company])
  server.use(
    ...extra,
    ...api.handlers,
    ...securityPageReplies(),
    http.get(`${apiBase}/user/2fa`, () => ok(ownSetting)),
  )
  writeCookie('access_token', api.issue('home-token'))
  app = renderApp(`/en/company/${company.id}/security`)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
  await screen.findByRole('region', { name: 'Security' })
}
const devices = async () => within(await screen.findByRole('region', { name: 'Devices signed in' }))
const gate = (method: 'get' | 'post' | 'put' | 'delete', path: string) => {
  const created = createGate(method, path)
  gates.push(created)
  return created
}

describe('the devices signed in', () => {
  it('lists each device by browser and system with its address and times, this one marked', async () => {
    await openSecurity()
    const list = await devices()
    const rows = await list.findAllByTestId('session')
    expect(rows).toHaveLength(2)
    expect(rows[0]!.textContent).toContain('Firefox on Windows')
    expect(rows[0]!.textContent).toContain('This device')
    expect(rows[0]!.textContent).toContain('IP address 203.0.113.7')
    expect(rows[1]!.textContent).toContain('Safari on iPhone')
    expect(rows[1]!.textContent).not.toContain('This device')
    // This device is signed out from the menu, not from here.
    expect(within(rows[0]!).queryByRole('button')).toBeNull()
    within(rows[1]!).getByRole('button', { name: 'Sign out Safari on iPhone' })
  })

  it('signs the other device out and shows the list the server answers', async () => {
    const end = gate('delete', '/user/sessions/:id')
    await openSecurity([end.handler])
    const list = await devices()
    await userEvent.click(await list.findByRole('button', { name: 'Sign out Safari on iPhone' }))
    const request = await end.next()
    expect(request.path).toBe(`/api/v1/user/sessions/${annaSessions[1]!.id}`)
    await end.answer(ok([annaSessions[0]]))
    await waitFor(() => expect(list.getAllByTestId('session')).toHaveLength(1))
    expect(toastTexts()).toContain('The device is signed out.')
    // With only this device left there is nothing else to sign out.
    expect(list.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull()
  })

  it('signs out everywhere else', async () => {
    const endOthers = gate('post', '/user/sessions/end_others')
    await openSecurity([endOthers.handler])
    await userEvent.click((await devices()).getByRole('button', { name: 'Sign out everywhere else' }))
    await endOthers.next()
    await endOthers.answer(ok({ ended: 1 }))
    await waitFor(() => expect(toastTexts()).toContain('Every other device is signed out.'))
  })
})

describe("the company's second-factor rule", () => {
  const policy = async () => within(await screen.findByRole('region', { name: 'Second factor in Salon One' }))

  it('names who a new rule reaches before it is saved, then saves it', async () => {
    const save = gate('put', '/company/:id/security/two_factor')
    await openSecurity([save.handler])
    const part = await policy()
    expect(
      (
        (await part.findByRole('radio', {
          name: 'Nobody: each member decides for themselves',
        })) as HTMLInputElement
      ).checked,
    ).toBe(true)

    await userEvent.click(part.getByRole('radio', { name: 'Owners and managers' }))
    expect(part.getByTestId('policy-change').textContent).toBe(
      'From their next sign-in, a code by e-mail will be asked of: Anna, Boris.',
    )
    await userEvent.click(part.getByRole('radio', { name: 'Everyone in the company' }))
    // Gleb chose e-mail codes himself: the rule changes nothing for him.
    expect(part.getByTestId('policy-change').textContent).toBe(
      'From their next sign-in, a code by e-mail will be asked of: Anna, Boris, Vera.',
    )
    await userEvent.click(part.getByRole('button', { name: 'Save the rule' }))
    expect((await save.next()).body).toEqual({ required_for: 'everyone' })
    await save.answer(ok({ ...salonOnePolicy, required_for: 'everyone' }))
    await waitFor(() => expect(toastTexts()).toContain('Saved: Everyone in the company.'))
    expect(part.queryByTestId('policy-change')).toBeNull()

    await userEvent.click(part.getByRole('radio', { name: 'Owners and managers' }))
    expect(part.getByTestId('policy-change').textContent).toBe('No code will be asked any more of: Vera.')
  })

  it('is not shown to a member without the security rights', async () => {
    await openSecurity([], { ...salonOne, user_role: 'specialist' })
    await devices()
    expect(screen.queryByRole('region', { name: 'Second factor in Salon One' })).toBeNull()
  })
})

describe('support acting as the user', () => {
  it('says so on the page, keeps the account unchanged, and returns in one click', async () => {
    const loads: string[] = []
    restoreLoader = replacePageLoader((path) => loads.push(path))
    const back = gate('post', '/auth/switch_user/return')
    await openSecurity([
      http.get(`${apiBase}/auth/switch_user/state`, () =>
        ok({ switched_from: { name: 'Sam Support' }, may_switch: false }),
      ),
      back.handler,
    ])
    const banner = await screen.findByTestId('acting-as')
    expect(banner.textContent).toContain('You are signed in as Anna')
    within(await screen.findByRole('region', { name: 'Security' })).getByText(
      /only they can change how their account signs in/,
    )
    expect(screen.queryByLabelText('Current password')).toBeNull()
    const list = await devices()
    await list.findAllByTestId('session')
    expect(list.queryByRole('button')).toBeNull()

    await userEvent.click(within(banner).getByRole('button', { name: 'Return to your account' }))
    await back.next()
    await back.answer(
      ok({
        access_token: 'support-token',
        token_type: 'Bearer',
        expires_in: 900,
        refresh_token: 'r',
        user: { ...anna, id: 99, name: 'Sam Support', page_flags: ['support_tech_user'] },
      }),
    )
    await waitFor(() => expect(loads).toEqual(['/en']))
  })

  it('shows no banner in a plain session', async () => {
    await openSecurity()
    await devices()
    expect(screen.queryByTestId('acting-as')).toBeNull()
  })
})
