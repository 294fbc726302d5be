import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiBase } from '../../src/api/client'
import { RECAPTCHA_ONLOAD_CALLBACK, type Grecaptcha } from '../../src/ui/recaptcha-script'
import { fail, ok } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'
import {
  clearOnboardingCookies,
  createOnboardingApi,
  statusOf,
  type OnboardingApi,
} from '../model/onboarding.fake-api'

const SITE_KEY = '6LeIxAcTAAAAAJcZVRqyHh71UMIEGQQZXXXXXXXX'
const SCRIPT_URL = `https://www.google.com/recaptcha/api.js?onload=${RECAPTCHA_ONLOAD_CALLBACK}&render=explicit`

/** The script tags that load Google's API; compared by property, since selectors trip over the query string. */
const googleScripts = () => Array.from(document.scripts).filter((script) => script.src === SCRIPT_URL)

const server = useMswServer()
const user = () => userEvent.setup()
let app: RenderedApp | undefined
let api: OnboardingApi | undefined

afterEach(() => {
  cleanup()
  app?.session.stop()
  api?.release()
  clearAppCookies()
  clearOnboardingCookies()
  delete window.grecaptcha
})

/**
 * A stand-in for Google's widget: it records how it was rendered and lets the test play the visitor who
 * solves the challenge (the callback) or lets it expire.
 */
function fakeGrecaptcha() {
  const rendered: { container: HTMLElement; parameters: Parameters<Grecaptcha['render']>[1] }[] = []
  const grecaptcha: Grecaptcha = {
    render: vi.fn((container, parameters) => rendered.push({ container, parameters }) - 1),
    reset: vi.fn(),
  }
  return {
    grecaptcha,
    rendered,
    solve: (token: string) => rendered.at(-1)!.parameters.callback(token),
  }
}

const refusedRecaptcha = () =>
  fail(422, {
    message: 'Validation failed',
    errors: { google_recaptcha_v2_token: ['Confirm that you are not a robot'] },
  })

/** Opens the first step, sends it once and lets the server ask for the reCAPTCHA. */
async function reachRecaptcha(mode: 'google' | 'development') {
  api = createOnboardingApi()
  server.use(
    http.get(`${apiBase}/onboarding/recaptcha_config`, () =>
      ok(mode === 'google' ? { site_key: SITE_KEY, mode } : { site_key: null, mode }),
    ),
    ...api.handlers,
  )
  app = renderApp('/en/onboarding/first?onboarding=new')
  await user().click(await screen.findByRole('button', { name: 'I understand' }))
  await user().type(await screen.findByLabelText('Phone'), '+7 900 1234567')
  await user().click(screen.getByRole('button', { name: /Get a code$/ }))
  await api.first.answer(refusedRecaptcha())
}

describe("the first step's reCAPTCHA", () => {
  it("renders Google's widget in the visitor's language, sends its token, and starts over when it is refused", async () => {
    const google = fakeGrecaptcha()
    await reachRecaptcha('google')

    // Google's script is added once; the fake stands in for what it defines, then the script says it is ready.
    await waitFor(() => expect(googleScripts()).toHaveLength(1))
    window.grecaptcha = google.grecaptcha
    ;(window as unknown as Record<string, () => void>)[RECAPTCHA_ONLOAD_CALLBACK]!()
    await waitFor(() => expect(google.rendered).toHaveLength(1))
    expect(google.rendered[0]!.parameters).toMatchObject({ sitekey: SITE_KEY, hl: 'en' })
    expect(screen.getByTestId('recaptcha-widget').contains(google.rendered[0]!.container)).toBe(true)
    expect(screen.queryByRole('checkbox', { name: "I'm not a robot" })).toBeNull()

    google.solve('google-token-1')
    await user().click(screen.getByRole('button', { name: /Get a code$/ }))
    const refused = await api!.first.next()
    expect(refused.body).toMatchObject({
      phone: '+79001234567',
      google_recaptcha_v2_token: 'google-token-1',
    })
    await api!.first.answer(refusedRecaptcha())

    await screen.findByText('Confirm once more that you are not a robot.')
    expect(google.grecaptcha.reset).toHaveBeenCalledWith(0)

    // The spent token is not sent again: until the visitor solves the widget anew, the field is empty.
    await user().click(screen.getByRole('button', { name: /Get a code$/ }))
    const empty = await api!.first.next()
    expect(empty.body).toMatchObject({ google_recaptcha_v2_token: null })
    await api!.first.answer(refusedRecaptcha())
    await waitFor(() => expect(google.grecaptcha.reset).toHaveBeenCalledTimes(2))

    google.solve('google-token-2')
    await user().click(screen.getByRole('button', { name: /Get a code$/ }))
    const accepted = await api!.first.next()
    expect(accepted.body).toMatchObject({ google_recaptcha_v2_token: 'google-token-2' })
    await api!.first.answer(
      ok(
        statusOf({
          progressId: 41,
          status: 'user_new',
          isCompleted: false,
          lastCompletedStep: 0,
          hasEmail: false,
          hasPhone: true,
          placeCountId: null,
          channel: 'sms',
          timeToCall: 60,
          callCount: 0,
        } as never),
      ),
    )
    await waitFor(() => expect(app!.history.location.pathname).toBe('/en/onboarding/confirm_code/41'))
    // The script is loaded once per page, however often the widget appears.
    expect(googleScripts()).toHaveLength(1)
  })

  it('shows the development checkbox, whose token the development verifier accepts, without a site key', async () => {
    await reachRecaptcha('development')
    await user().click(await screen.findByRole('checkbox', { name: "I'm not a robot" }))
    await user().click(screen.getByRole('button', { name: /Get a code$/ }))
    const request = await api!.first.next()
    expect(request.body).toMatchObject({ google_recaptcha_v2_token: 'dev-recaptcha-ok' })
  })

  it('says on the check why the step was refused when it was sent unticked', async () => {
    await reachRecaptcha('development')
    const check = await screen.findByRole('checkbox', { name: "I'm not a robot" })
    await user().click(screen.getByRole('button', { name: /Get a code$/ }))
    const request = await api!.first.next()
    expect(request.body).toMatchObject({ google_recaptcha_v2_token: null })
    await api!.first.answer(refusedRecaptcha())
    await screen.findByText('Confirm that you are not a robot.')
    expect(screen.getByRole('checkbox', { name: "I'm not a robot" })).toBe(check)
  })
})
