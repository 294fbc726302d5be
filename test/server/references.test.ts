import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, json, type TestServer } from '../support/server-harness'

// Reference data never touches the database, so one run on PGlite covers it.
describe('reference data', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer('pglite', { seed: false })
  })
  afterAll(() => server.close())

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url: `/api/v1${url}`, headers })

  it('lists every country with phone rules, named in the asked language', async () => {
    const russian = json(await get('/countries')).data
    expect(russian.length).toBeGreaterThan(240)
    expect(russian.find((country: { id: number }) => country.id === 1)).toMatchObject({
      iso_code: 'RU',
      title: 'Россия',
      lang_id: 1,
      phone_code: '7',
      phone_template: expect.stringMatching(/^\+7 X/),
      phone_lengths: expect.arrayContaining([10]),
      currency: 'RUB',
      has_states: true,
    })
    const english = json(await get('/countries', { 'accept-language': 'en-GB,en;q=0.9' })).data
    expect(english.find((country: { iso_code: string }) => country.iso_code === 'DE')).toMatchObject({
      id: 1000 + 3 * 26 + 4,
      title: 'Germany',
      lang_id: 16,
      phone_code: '49',
    })
    expect(json(await get('/countries?lang=en')).data[0].title).toBe('Afghanistan')
    expect((await get('/countries?lang=fr')).statusCode).toBe(422)
  })

  it('lists business groups with their types and the questionnaire choices', async () => {
    const groups = json(await get('/references/business_groups_with_types?lang=en')).data
    expect(groups.map((group: { slug: string }) => group.slug)).toEqual(
      expect.arrayContaining(['beauty_salon', 'barbershop', 'spa', 'nail_studio', 'massage', 'other']),
    )
    expect(groups[0].types[0]).toMatchObject({ id: 101, title: 'Beauty salon' })

    const references = json(await get('/onboarding/references')).data
    expect(references.positions[0]).toEqual({ id: 1, slug: 'owner', title: 'Владелец' })
    expect(references.place_counts.find((item: { id: number }) => item.id === 3).slug).toBe('individual')
    expect(references.short_purpose_ids).toEqual([21, 22, 23, 11])
    expect(references.purposes).toHaveLength(13)
  })
})
