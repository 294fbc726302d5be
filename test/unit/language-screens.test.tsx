import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { apiBase } from '../../src/api/client'
import { activateLanguage } from '../../src/i18n/activate'
import { ok } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'

const server = useMswServer()
let app: RenderedApp | undefined

afterEach(() => {
  cleanup()
  app?.session.stop()
  clearAppCookies()
  window.localStorage.clear()
  activateLanguage('en')
})

function signInAt(path: string) {
  server.use(
    http.get(`${apiBase}/auth/fast_login_users`, () => ok([])),
    http.get(`${apiBase}/invites/last`, () => ok(null)),
    http.get(`${apiBase}/onboarding/recaptcha_config`, () => ok({ site_key: null, mode: 'development' })),
  )
  app = renderApp(path)
}

describe('the sign-in screen in other languages', () => {
  it('speaks German under /de, from a catalog fetched for it', async () => {
    signInAt('/de/signin')
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeTruthy()
    expect(document.documentElement.lang).toBe('de')
    expect(screen.queryByRole('status', { name: /English/ })).toBeNull()
  })

  it('speaks Brazilian Portuguese under /pt-BR, with the Portuguese catalog', async () => {
    signInAt('/pt-BR/signin')
    await screen.findByRole('button', { name: 'Entrar' })
    expect(document.documentElement.lang).toBe('pt-BR')
  })

  it('shows a language without a catalog in English, and says so once', async () => {
    signInAt('/ja/signin')
    await screen.findByRole('button', { name: 'Sign in' })
    const notice = screen.getByRole('status')
    expect(notice.textContent).toContain(
      'The app is not translated into 日本語 yet, so it is shown in English.',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByText(/not translated into/)).toBeNull()
    cleanup()
    app?.session.stop()
    signInAt('/ja/signin')
    await screen.findByRole('button', { name: 'Sign in' })
    expect(screen.queryByText(/not translated into/)).toBeNull()
  })

  it('answers a prefix that is no language with the not-found page, in the default language', async () => {
    signInAt('/xx/signin')
    await screen.findByRole('heading', { name: 'Страница не найдена' })
  })

  it('answers one unknown segment with the not-found page in the default language', async () => {
    for (const path of ['/nonexistent', '/onboarding']) {
      cleanup()
      app?.session.stop()
      signInAt(path)
      await screen.findByRole('heading', { name: 'Страница не найдена' })
    }
  })

  it('lists the languages by their own names and opens the page in the one chosen', async () => {
    signInAt('/en/signin')
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Language' })
    const names = [...select.options].map((option) => option.textContent)
    expect(names).toEqual(
      expect.arrayContaining(['Русский', 'English', 'Deutsch', 'Українська', 'Português (Brasil)']),
    )
    await userEvent.selectOptions(select, 'fr')
    await waitFor(() => expect(app!.router.state.location.pathname).toBe('/fr/signin'))
    await screen.findByRole('button', { name: 'Se connecter' })
  })
})
