import type { FastifyInstance } from 'fastify'
import {
  citiesQuerySchema,
  citySearchQuerySchema,
  languageQuerySchema,
  referenceIdParamsSchema,
} from '../../contract/references/schemas'
import { success } from '../http/envelope'
import { HttpError } from '../http/http-error'
import { validate } from '../http/validate'
import { listBusinessGroups } from './business-groups'
import { findCity, listCities, searchCities } from './cities'
import { findCountry, listCountries } from './countries'
import { onboardingReferences } from './onboarding-references'
import { requestLanguage } from './request-language'
import { listStates, stateBelongsTo } from './states'

/**
 * Reference data of the questionnaire (SPEC.md section 7, "Reference data"). It is public and the same for
 * everyone, so none of it needs signing in, and it may be cached by the browser for an hour.
 */
export async function referenceRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode === 200 && request.method === 'GET') {
      reply.header('cache-control', 'public, max-age=3600')
      reply.header('vary', 'accept-language')
    }
  })

  app.get('/countries', async (request) => {
    const query = validate(languageQuerySchema, request.query)
    return success(listCountries(requestLanguage(request, query.lang)))
  })

  app.get('/countries/:id/states', async (request) => {
    const params = validate(referenceIdParamsSchema, request.params)
    const query = validate(languageQuerySchema, request.query)
    if (!findCountry(params.id, 'en')) throw new HttpError(404, /*i18n*/ 'Country not found')
    return success(await listStates(app.db, params.id, requestLanguage(request, query.lang)))
  })

  app.get('/cities', async (request) => {
    const query = validate(citiesQuerySchema, request.query)
    if (!findCountry(query.country_id, 'en')) throw new HttpError(404, /*i18n*/ 'Country not found')
    if (query.state_id !== undefined && !(await stateBelongsTo(app.db, query.state_id, query.country_id))) {
      throw new HttpError(404, /*i18n*/ 'State not found')
    }
    const page = await listCities(app.db, {
      countryId: query.country_id,
      stateId: query.state_id,
      page: query.page,
      count: query.count,
      language: requestLanguage(request, query.lang),
    })
    return success(page.cities, { total: page.total, page: query.page, count: query.count })
  })

  app.get('/city/search', async (request) => {
    const query = validate(citySearchQuerySchema, request.query)
    if (query.country_id !== undefined && !findCountry(query.country_id, 'en')) {
      throw new HttpError(404, /*i18n*/ 'Country not found')
    }
    const cities = await searchCities(app.db, {
      term: query.term,
      countryId: query.country_id,
      count: query.count,
      language: requestLanguage(request, query.lang),
    })
    return success(cities)
  })

  app.get('/city/:id', async (request) => {
    const params = validate(referenceIdParamsSchema, request.params)
    const query = validate(languageQuerySchema, request.query)
    const city = await findCity(app.db, params.id, requestLanguage(request, query.lang))
    if (!city) throw new HttpError(404, /*i18n*/ 'City not found')
    return success(city)
  })

  app.get('/references/business_groups_with_types', async (request) => {
    const query = validate(languageQuerySchema, request.query)
    return success(listBusinessGroups(requestLanguage(request, query.lang)))
  })

  app.get('/onboarding/references', async (request) => {
    const query = validate(languageQuerySchema, request.query)
    return success(onboardingReferences(requestLanguage(request, query.lang)))
  })
}
