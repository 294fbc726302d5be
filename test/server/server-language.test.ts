import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { acceptedLanguages, requestLanguage } from '../../server/i18n/request-language'
import {
  createTestServer,
  DEMO,
  json,
  randomIp,
  signIn,
  testDatabases,
  useTestServer,
} from '../support/server-harness'
import { demoCompanyRows } from './business-api-helpers'

/*
 * The server writes its messages, field messages and the e-mails and SMS a request causes in the language of the
 * request: the page's language (X-Language, sent by the app), then Accept-Language, then the user's saved
 * language, else English. Codes never change with the language.
 */

const badSignIn = (app: FastifyInstance, headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth',
    headers,
    payload: { login: '   ', password: '' },
    remoteAddress: randomIp(),
  })

describe.each(testDatabases())('server messages in the user language (%s)', (kind) => {
  const server = useTestServer(kind)

  it.each([
    [
      { 'accept-language': 'ru' },
      'Проверьте введённые данные',
      'Введите e-mail или телефон',
      'Введите пароль',
    ],
    [{ 'accept-language': 'en' }, 'Validation failed', 'Enter your e-mail or phone', 'Enter your password'],
    [
      { 'accept-language': 'de' },
      'Bitte prüfen Sie Ihre Angaben',
      'Geben Sie Ihre E-Mail-Adresse oder Telefonnummer ein',
      'Geben Sie Ihr Passwort ein',
    ],
    // The page's language wins over what the browser prefers.
    [
      { 'x-language': 'ru', 'accept-language': 'de-DE,de;q=0.9' },
      'Проверьте введённые данные',
      'Введите e-mail или телефон',
      'Введите пароль',
    ],
    [
      { 'x-language': 'pt-BR', 'accept-language': 'ru' },
      'Verifique os dados informados',
      'Digite seu e-mail ou telefone',
      'Digite sua senha',
    ],
  ])('answers a 422 with %j in that language', async (headers, message, login, password) => {
    const response = await badSignIn(server.app, headers)
    expect(response.statusCode).toBe(422)
    const body = json(response)
    expect(body.meta.message).toBe(message)
    expect(body.meta.errors.login).toEqual([login])
    expect(body.meta.errors.password).toEqual([password])
  })

  it('keeps the English keys beside translated field messages, and sends none when nothing was translated', async () => {
    const russian = json(await badSignIn(server.app, { 'x-language': 'ru' }))
    expect(russian.meta.error_keys).toEqual({
      login: ['Enter your e-mail or phone'],
      password: ['Enter your password'],
    })
    const english = json(await badSignIn(server.app, {}))
    expect(english.meta.message).toBe('Validation failed')
    expect(english.meta.error_keys).toBeUndefined()
  })

  it('never shows a field the raw validator text: a sentence in the language instead', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      headers: { 'x-language': 'ru' },
      payload: { password: 5 },
      remoteAddress: randomIp(),
    })
    const errors = json(response).meta.errors as Record<string, string[]>
    expect(errors.login).toEqual(['Заполните это поле.'])
    expect(errors.password).toEqual(['Проверьте это поле.'])
    expect(JSON.stringify(errors)).not.toMatch(/Invalid|Expected|received/)
  })

  it('translates the message of a code error and keeps its code', async () => {
    for (const [language, message] of [
      ['ru', 'произошла ошибка авторизации'],
      ['de', 'bei der Anmeldung ist ein Fehler aufgetreten'],
      ['en', 'an authorization error has occurred'],
    ] as const) {
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/v1/user/sessions',
        headers: { authorization: 'Bearer nonsense', 'accept-language': language },
      })
      expect(response.statusCode).toBe(401)
      expect(json(response).errors).toEqual({ code: 1002, message })
      expect(json(response).meta.message).toBe(message)
    }
  })

  it('refuses a wrong password in the language of the page', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      headers: { 'x-language': 'ru' },
      payload: { login: DEMO.email, password: 'not the password' },
      remoteAddress: randomIp(),
    })
    expect(response.statusCode).toBe(422)
    expect(json(response).meta.message).toBe('Неверный логин или пароль')
  })

  it("answers a business section's 404 in the language of the page or the browser, its code unchanged", async () => {
    const { access_token: token } = await signIn(server.app)
    const { tverskaya } = await demoCompanyRows(server)
    const missingService = (headers: Record<string, string>) =>
      server.app.inject({
        method: 'GET',
        url: `/api/v1/services/${tverskaya.id}/987654321`,
        headers: { authorization: `Bearer ${token}`, ...headers },
      })
    const english = await missingService({ 'accept-language': 'en' })
    expect(english.statusCode).toBe(404)
    expect(json(english).meta.message).toBe('Service not found')
    for (const [headers, message] of [
      [{ 'x-language': 'ru' }, 'Услуга не найдена'],
      [{ 'accept-language': 'de' }, 'Leistung nicht gefunden'],
    ] as const) {
      const response = await missingService(headers)
      expect(response.statusCode).toBe(404)
      expect(json(response).meta.message).toBe(message)
      // A 404 of a section carries no code, in any language.
      expect(json(response).errors).toEqual(json(english).errors)
    }
  })
  it('answers a business 409 with its counts in the language of the page, plural forms and all', async () => {
    const { access_token: token } = await signIn(server.app)
    const { tverskaya } = await demoCompanyRows(server)
    const categories = `/api/v1/companies/${tverskaya.id}/good_categories`
    const headers = (language: string) => ({ authorization: `Bearer ${token}`, 'x-language': language })
    const list = json(await server.app.inject({ method: 'GET', url: categories, headers: headers('en') }))
    const hairCare = (list.data as { id: number; title: string }[]).find((row) => row.title === 'Hair care')!
    const refusal = async (id: number, language: string) => {
      const response = await server.app.inject({
        method: 'DELETE',
        url: `${categories}/${id}`,
        headers: headers(language),
      })
      expect(response.statusCode).toBe(409)
      return json(response).meta.message as string
    }
    // The demo's "Hair care" holds two subcategories.
    expect(await refusal(hairCare.id, 'ru')).toBe(
      'В категории ещё есть 2 подкатегории; сначала перенесите или удалите их',
    )
    expect(await refusal(hairCare.id, 'de')).toBe(
      'Die Kategorie enthält noch 2 Unterkategorien; verschieben oder löschen Sie diese zuerst',
    )
    expect(await refusal(hairCare.id, 'en')).toBe(
      'The category still holds 2 subcategories; move or delete them first',
    )
    // One subcategory takes the singular, in each language's own way.
    const create = async (title: string, parent: number) =>
      json(
        await server.app.inject({
          method: 'POST',
          url: categories,
          headers: headers('en'),
          payload: { title, parent_category_id: parent },
        }),
      ).data.id as number
    const parent = await create('Language parent', 0)
    await create('Language child', parent)
    expect(await refusal(parent, 'ru')).toBe(
      'В категории ещё есть 1 подкатегория; сначала перенесите или удалите их',
    )
    expect(await refusal(parent, 'de')).toBe(
      'Die Kategorie enthält noch 1 Unterkategorie; verschieben oder löschen Sie diese zuerst',
    )
  })

  it("answers a business section's 422 with Russian field messages, a bound in the sentence, English keys beside", async () => {
    const { access_token: token } = await signIn(server.app)
    const { tverskaya } = await demoCompanyRows(server)
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${tverskaya.id}/good_categories`,
      headers: { authorization: `Bearer ${token}`, 'x-language': 'ru' },
      payload: { title: 'x'.repeat(300), parent_category_id: -1 },
    })
    expect(response.statusCode).toBe(422)
    const body = json(response)
    expect(body.meta.message).toBe('Проверьте введённые данные')
    expect(body.meta.errors).toEqual({
      title: ['Не длиннее 255 символов'],
      parent_category_id: ['Должно быть 0 (верхний уровень) или идентификатор категории'],
    })
    expect(body.meta.error_keys).toEqual({
      title: ['must be at most 255 characters'],
      parent_category_id: ['must be 0 (top level) or a category id'],
    })
  })
})

describe('the language a request asks for', () => {
  it('reads Accept-Language by its q-values and skips languages the app does not speak', () => {
    expect(acceptedLanguages('xx, de;q=0.5, ru-RU;q=0.9, en;q=0')).toEqual(['ru', 'de'])
    expect(acceptedLanguages('pt-BR,pt;q=0.8')).toEqual(['pt-BR', 'pt'])
    expect(acceptedLanguages(undefined)).toEqual([])
  })

  it('falls back to the saved language of the signed-in user, then to English', () => {
    const user = { language: 'uk' } as never
    expect(requestLanguage({ headers: {}, auth: { user } as never })).toBe('uk')
    expect(requestLanguage({ headers: { 'accept-language': 'de' }, auth: { user } as never })).toBe('de')
    expect(requestLanguage({ headers: {}, auth: null })).toBe('en')
  })
})

describe('messages a request causes', () => {
  it('writes the reset code in the language of the page, and remembers the language a user signs in in', async () => {
    const server = await createTestServer('pglite')
    try {
      const send = (headers: Record<string, string>) =>
        server.app.inject({
          method: 'POST',
          url: '/api/v1/auth/send_code',
          headers,
          payload: { user_contact_info: DEMO.email },
          remoteAddress: randomIp(),
        })
      const outbox = latestMessage
      expect((await send({ 'x-language': 'ru' })).statusCode).toBe(200)
      const russian = await outbox(server.app)
      expect(russian.subject).toBe('Код для восстановления пароля')
      expect(russian.text).toMatch(/^Ваш код для восстановления пароля: \d{6}\. Он действует 10 минут\./)

      const english = await createTestServer('pglite')
      try {
        await english.app.inject({
          method: 'POST',
          url: '/api/v1/auth/send_code',
          headers: { 'accept-language': 'en-GB' },
          payload: { user_contact_info: DEMO.email },
          remoteAddress: randomIp(),
        })
        const message = await outbox(english.app)
        expect(message.subject).toBe('Password reset code')
        expect(message.text).toMatch(/^Your password reset code is \d{6}\. It is valid for 10 minutes\./)
      } finally {
        await english.close()
      }

      // Signed in on a German page, the user is written to in German when a request names no language.
      await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth',
        headers: { 'x-language': 'de' },
        payload: { login: DEMO.email, password: DEMO.password },
        remoteAddress: randomIp(),
      })
      const { access_token } = await signIn(server.app)
      const refused = await server.app.inject({
        method: 'DELETE',
        url: '/api/v1/user/sessions/not-a-uuid',
        headers: { authorization: `Bearer ${access_token}` },
      })
      expect(json(refused).meta.message).toBe('Bitte prüfen Sie Ihre Angaben')
    } finally {
      await server.close()
    }
    // Two servers on fresh databases: on a busy machine, more than the suite's usual half minute.
  }, 90_000)
})

/**
 * The newest message in the development outbox. A reset code leaves after the reply, so it is waited for (a few
 * seconds at most) rather than assumed to be there after a fixed pause.
 */
async function latestMessage(app: FastifyInstance) {
  const deadline = Date.now() + 10_000
  for (;;) {
    const message = json(await app.inject({ method: 'GET', url: '/api/v1/dev/outbox' })).data[0]
    if (message || Date.now() > deadline) return message
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
