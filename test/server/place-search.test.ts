import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { citiesSchema, citySchema, statesSchema } from '../../contract/references/schemas'
import { createTestServer, json, testDatabases, type TestServer } from '../support/server-harness'

const RUSSIA = 1
const GERMANY = 1000 + 3 * 26 + 4
const MOSCOW = 524901

describe.each(testDatabases())('cities and states from the place data (%s)', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(kind, { seed: false, places: true })
  }, 120_000)
  afterAll(() => server.close())

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url: `/api/v1${url}`, headers })
  const search = async (query: string, headers: Record<string, string> = {}) => {
    const response = await get(`/city/search?${query}`, headers)
    expect(response.statusCode).toBe(200)
    return v.parse(citiesSchema, json(response).data)
  }
  const term = (text: string) => `term=${encodeURIComponent(text)}`

  it('finds Moscow by its Russian name in Russia, first, and titles it in Russian', async () => {
    const found = await search(`${term('Москва')}&country_id=${RUSSIA}`)
    expect(found[0]).toMatchObject({ id: MOSCOW, country_id: RUSSIA, title: 'Москва' })
    for (const typed of ['Моск', 'моск', 'МОСКВА', '  москва ']) {
      expect((await search(`${term(typed)}&country_id=${RUSSIA}`))[0]?.id).toBe(MOSCOW)
    }
  })

  it('keeps to the chosen country: Москва is not a German city', async () => {
    const inGermany = await search(`${term('Москва')}&country_id=${GERMANY}`)
    expect(inGermany.map((city) => city.id)).not.toContain(MOSCOW)
    expect(inGermany.every((city) => city.country_id === GERMANY)).toBe(true)
    const berlin = await search(`${term('Берл')}&country_id=${GERMANY}&lang=ru`)
    expect(berlin[0]).toMatchObject({ country_id: GERMANY, title: 'Берлин' })
  })

  it('finds it by Latin and transliterated prefixes, ignoring case and accents', async () => {
    for (const typed of ['Mosc', 'mosk', 'Moskva', 'MOSKVÁ']) {
      expect((await search(`${term(typed)}&country_id=${RUSSIA}`))[0]?.id, typed).toBe(MOSCOW)
    }
    // A later word of the name, and a Cyrillic term for a name whose Russian form is spelt out in Latin.
    expect((await search(`${term('Петербург')}&country_id=${RUSSIA}`))[0]?.title).toBe('Санкт-Петербург')
    expect((await search(`${term('novosib')}&country_id=${RUSSIA}&lang=ru`))[0]?.title).toBe('Новосибирск')
    for (const typed of ['Ekaterinb', 'Yekaterinb', 'Екатеринб']) {
      expect((await search(`${term(typed)}&country_id=${RUSSIA}`))[0]?.title, typed).toBe('Екатеринбург')
    }
  })

  it('orders by population and honours count', async () => {
    const found = await search(`${term('Но')}&country_id=${RUSSIA}&count=5&lang=en`)
    expect(found).toHaveLength(5)
    expect(found[0]?.title).toBe('Novosibirsk')
  })

  it('titles cities in the language of ?lang=, else of Accept-Language, else Russian; English where none', async () => {
    const english = await search(`${term('Москва')}&country_id=${RUSSIA}&lang=en`)
    expect(english[0]?.title).toBe('Moscow')
    const byHeader = await search(`${term('Моск')}&country_id=${RUSSIA}`, {
      'accept-language': 'en-GB,en;q=0.9',
    })
    expect(byHeader[0]?.title).toBe('Moscow')
    // A small foreign town has no Russian name in the data: its English one is shown.
    const small = await search(`${term('Wolfsburg')}&country_id=${GERMANY}`)
    expect(small[0]).toMatchObject({ title: 'Wolfsburg' })
    const moscow = v.parse(citySchema, json(await get(`/city/${MOSCOW}?lang=en`)).data)
    expect(moscow).toMatchObject({ id: MOSCOW, title: 'Moscow', state_title: 'Moscow' })
    expect(v.parse(citySchema, json(await get(`/city/${MOSCOW}`)).data).title).toBe('Москва')
  })

  it('lists states and pages of a country’s cities', async () => {
    const states = v.parse(statesSchema, json(await get(`/countries/${RUSSIA}/states?lang=en`)).data)
    const moscowCity = states.find((state) => state.title === 'Moscow')!
    expect(moscowCity).toMatchObject({ country_id: RUSSIA })
    const page = await get(`/cities?country_id=${RUSSIA}&state_id=${moscowCity.id}&count=5`)
    expect(json(page).data[0]).toMatchObject({ country_id: RUSSIA, state_id: moscowCity.id })
    expect(json(page).meta.total).toBeGreaterThanOrEqual(1)
    expect((await get(`/cities?country_id=${GERMANY}&state_id=${moscowCity.id}`)).statusCode).toBe(404)
  })

  it('answers bad input with a 4xx and never a 500', async () => {
    const statuses = async (urls: string[]) =>
      Promise.all(urls.map(async (url) => (await get(url)).statusCode))
    expect(
      await statuses([
        '/city/search?term=a',
        '/city/search',
        `/city/search?${term('Моск')}&country_id=abc`,
        `/city/search?${term('Моск')}&count=0`,
        `/city/search?${term('Моск')}&lang=de`,
        '/city/abc',
        '/cities',
        '/cities?country_id=1&count=5000',
      ]),
    ).toEqual([422, 422, 422, 422, 422, 422, 422, 422])
    expect(await statuses([`/city/search?${term('Моск')}&country_id=999999`, '/city/999999999'])).toEqual([
      404, 404,
    ])
    // Terms with nothing to match by (LIKE wildcards, punctuation) find nothing rather than everything.
    expect(await search(`${term('%%')}`)).toEqual([])
    expect(await search(`${term('_%')}&country_id=${RUSSIA}`)).toEqual([])
    expect(await search(`${term("'; drop table place_cities; --")}`)).toEqual([])
  })
})
