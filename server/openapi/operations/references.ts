import {
  citiesQuerySchema,
  citiesSchema,
  citySchema,
  kkmIntegrationsSchema,
  languageQuerySchema,
  referenceIdParamsSchema,
  statesSchema,
} from '../../../contract/references/schemas'
import type { Operation } from '../operation'

export const referencesOperations: Operation[] = [
  {
    method: 'GET',
    path: '/references/kkm_integration',
    summary: '(no sign-in)',
    reply: kkmIntegrationsSchema,
  },
  {
    method: 'GET',
    path: '/countries/:id/states',
    summary: 'The states (regions) of a country',
    params: referenceIdParamsSchema,
    query: languageQuerySchema,
    reply: statesSchema,
  },
  {
    method: 'GET',
    path: '/cities',
    summary: 'The cities of a country (or of one of its states), a page at a time',
    query: citiesQuerySchema,
    reply: citiesSchema,
  },
  {
    method: 'GET',
    path: '/city/:id',
    summary: 'One city',
    params: referenceIdParamsSchema,
    reply: citySchema,
  },
]
