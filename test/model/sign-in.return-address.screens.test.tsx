import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  anna,
  createFakeApi,
  createGate,
  createSignInExtrasGates,
  ok,
  salonOne,
  salonTwo,
  tokenPair,
  type FakeApi,
  type Gate,
  type SignInExtrasGates,
} from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies, UI } from '../support/ui-drivers'

// Sign-in with a return address: a signed-out visitor who opened a page of the signed-in area comes back
// to it after signing in, with or without a second factor; an address off this site is never followed.
const server = useMswServer()
/** Salon Two's home, as the router writes its address. */
const salonTwoHome = `/en?company=${salonTwo.id}`
const secondFactor = {
  login_confirmation_session: {
    uuid: '0d3c9a1e-7b2f-4e6d-9c8b-1a2b3c4d5e6f',
    flow: 'login',
    transport: { type: 'email', recipient: 'a***@example.com' },
    refresh_ttl_sec: 60,
    attempts_left: 5,
  },
} as const

let app: RenderedApp | undefined
let api: FakeApi | undefined
let extras: SignInExtrasGates | undefined
let signInWithUrl: Gate | undefined

afterEach(async () => {
  await UI.dismissErrorModal()
  cleanup()
  app?.session.stop()
  api?.release()
  extras?.release()
  signInWithUrl?.release()
  clearAppCookies()
  sessionStorage.clear()
  app = api = extras = signInWithUrl = undefined
})

function startApi() {
  api = createFakeApi()
  extras = createSignInExtrasGates()
  signInWithUrl = createGate('post', '/auth/login/1')
  server.use(...api.handlers, ...extras.handlers, signInWithUrl.handler)
  return { api, extras, signInWithUrl }
}

async function signInAs(login: string, password: string) {
  await UI.expectSignInScreen(app!.history)
  await UI.fillCredentials(login, password)
  await UI.submit()
}

describe('sign-in with a return address', () => {
  it('sends a signed-out visitor of a private page to sign-in and back to that page', async () => {
    const { api, signInWithUrl } = startApi()
    app = renderApp(`/en/?company=${salonTwo.id}`)
    const { history } = app

    // The bridge names the page the visitor wanted.
    await UI.expectSignInScreen(history)
    await waitFor(() =>
      expect(new URLSearchParams(history.location.search).get('redirect')).toBe(salonTwoHome),
    )

    await signInAs('anna@example.com', 'secret')
    const request = await signInWithUrl.next()
    expect(request.body).toEqual({ email: 'anna@example.com', password: 'secret', url: salonTwoHome })
    api.issue('token-1')
    await signInWithUrl.answer(ok({ ...tokenPair('token-1'), redirect_url: salonTwoHome }, { status: 201 }))

    // The visitor lands on the company they opened, not on the first of their companies.
    await UI.expectHome(history, { userName: anna.name, company: salonTwo.title })
    expect(history.location.search).toBe(`?company=${salonTwo.id}`)
    expect(api.signIn.count).toBe(0)
  })

  it('returns to the page after the second factor too', async () => {
    const { api, extras, signInWithUrl } = startApi()
    app = renderApp(`/en/signin?redirect=${encodeURIComponent(salonTwoHome)}`)
    const { history } = app

    await signInAs('anna@example.com', 'secret')
    await signInWithUrl.answer(ok(secondFactor, { status: 202 }))
    await waitFor(() => expect(history.location.pathname).toBe('/en/signin/2fa'))

    await UI.fillField('Code', '123456')
    await UI.submitWith('Confirm')
    expect((await extras.verifySecondFactor.next()).body).toEqual({
      uuid: secondFactor.login_confirmation_session.uuid,
      code: '123456',
    })
    api.issue('token-2')
    // The server kept the url with the confirmation session and answers it with the tokens.
    await extras.verifySecondFactor.answer(
      ok({ ...tokenPair('token-2'), redirect_url: salonTwoHome }, { status: 201 }),
    )

    await UI.expectHome(history, { userName: anna.name, company: salonTwo.title })
    expect(history.location.search).toBe(`?company=${salonTwo.id}`)
  })

  it('ignores an address off this site and goes home', async () => {
    const { api, signInWithUrl } = startApi()
    app = renderApp(`/en/signin?redirect=${encodeURIComponent('//evil.example/phish')}`)
    const { history } = app

    await signInAs('anna@example.com', 'secret')
    // The off-site address is not even sent: the plain sign-in is used.
    expect((await api.signIn.next()).body).toEqual({ login: 'anna@example.com', password: 'secret' })
    api.issue('token-3')
    await api.signIn.answer(ok(tokenPair('token-3'), { status: 201 }))

    await UI.expectHome(history, { userName: anna.name, company: salonOne.title })
    expect(history.location.href).not.toContain('evil')
    expect(signInWithUrl.count).toBe(0)
  })

  it('does not bring the next person back to the page of someone who signed out', async () => {
    const { api } = startApi()
    app = renderApp('/en/signin')
    const { history } = app
    await signInAs('anna@example.com', 'secret')
    api.issue('token-4')
    await api.signIn.answer(ok(tokenPair('token-4'), { status: 201 }))
    await UI.expectHome(history, { userName: anna.name, company: salonOne.title })

    await app.router.navigate({ href: salonTwoHome })
    await screen.findByRole('heading', { name: salonTwo.title, level: 1 })
    await UI.clickButton('Sign out')
    await api.logout.answer(ok(null))

    await UI.expectSignInScreen(history)
    expect(history.location.search).toBe('')
  })
})
