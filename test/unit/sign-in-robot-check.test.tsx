import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
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

const wrongCredentials = () => fail(422, { message: 'Invalid login or password' })
const robotCheckWanted = () =>
  fail(422, {
    message: 'Validation failed',
    errors: { google_recaptcha_v2_token: ['Confirm that you are not a robot'] },
  })

/** The sign-in screen against a server that answers sign-ins in the given order, recording their bodies. */
function signInScreen(replies: (() => Response)[]) {
  const bodies: Record<string, unknown>[] = []
  server.use(
    http.get(`${apiBase}/auth/fast_login_users`, () => ok([])),
    http.get(`${apiBase}/invites/last`, () => ok(null)),
    http.get(`${apiBase}/onboarding/recaptcha_config`, () => ok({ site_key: null, mode: 'development' })),
    http.post(`${apiBase}/auth`, async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>)
      return replies[bodies.length - 1]!()
    }),
  )
  app = renderApp('/en/signin')
  return bodies
}

async function submit(login: string, password: string) {
  const user = userEvent.setup()
  const loginField = await screen.findByLabelText('E-mail or phone')
  await user.clear(loginField)
  await user.type(loginField, login)
  const passwordField = screen.getByLabelText('Password')
  await user.clear(passwordField)
  await user.type(passwordField, password)
  await user.click(screen.getByRole('button', { name: 'Sign in' }))
}

describe('the sign-in screen’s robot check', () => {
  it('shows no robot check until the server asks for one', async () => {
    const bodies = signInScreen([wrongCredentials])
    await submit('anna@example.com', 'wrong-password')
    await screen.findByText('The login or password is incorrect.')
    expect(screen.queryByRole('checkbox', { name: "I'm not a robot" })).toBeNull()
    expect(bodies[0]).toEqual({ login: 'anna@example.com', password: 'wrong-password' })
  })

  it('shows one when the server asks, sends its token, and keeps it for the next attempts', async () => {
    const bodies = signInScreen([robotCheckWanted, wrongCredentials, wrongCredentials])
    await submit('anna@example.com', 'secret-one')
    await screen.findByText('Too many attempts. Confirm that you are not a robot, then sign in again.')

    const user = userEvent.setup()
    await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }))
    await submit('anna@example.com', 'secret-two')
    await screen.findByText('The login or password is incorrect.')
    expect(bodies[1]).toMatchObject({
      login: 'anna@example.com',
      password: 'secret-two',
      google_recaptcha_v2_token: 'dev-recaptcha-ok',
    })

    // A wrong password does not take the check away: the server still wants one for the next attempt.
    expect(screen.getByRole('checkbox', { name: "I'm not a robot" })).toBeTruthy()
  })
})
