import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { apiBase } from '../../src/api/client'
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
})

/*
 * The app names the language of its page in X-Language; the server answers its field messages in it and keeps the
 * English keys beside them (meta.error_keys), from which the screen picks its own sentence for the field.
 */
describe('server field errors on a Russian screen', () => {
  it('asks in Russian and shows the field error in Russian', async () => {
    const languages: (string | null)[] = []
    server.use(
      http.get(`${apiBase}/onboarding/recaptcha_config`, () => ok({ site_key: null, mode: 'development' })),
      http.post(`${apiBase}/auth/send_code`, ({ request }) => {
        languages.push(request.headers.get('x-language'))
        return HttpResponse.json(
          {
            success: false,
            data: null,
            meta: {
              message: 'Проверьте введённые данные',
              errors: { user_contact_info: ['Введите e-mail или телефон'] },
              error_keys: { user_contact_info: ['Enter your e-mail or phone'] },
            },
          },
          { status: 422 },
        )
      }),
    )
    app = renderApp('/signin/reset')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('E-mail или телефон'), 'anna@example.com')
    await user.click(screen.getByRole('button', { name: 'Отправить код' }))
    // The kind of problem is read from the English key: "required", not the Russian text's "invalid".
    expect(await screen.findByText('Введите e-mail или телефон.')).toBeTruthy()
    expect(
      screen.queryByText('Введите e-mail вида name@example.com или номер телефона с кодом страны.'),
    ).toBeNull()
    expect(languages).toEqual(['ru'])
  })
})
