import * as v from 'valibot'
import {
  companyPictureParamsSchema,
  companyProfileBodySchema,
  companyProfileSchema,
} from '../../../contract/companies/profile-schemas'
import {
  companiesQuerySchema,
  companiesSchema,
  companyIdParamsSchema,
} from '../../../contract/companies/schemas'
import { imageGroupSchema } from '../../../contract/images/schemas'
import type { Operation } from '../operation'

export const companiesOperations: Operation[] = [
  {
    method: 'GET',
    path: '/companies',
    summary: "The signed-in user's companies",
    query: companiesQuerySchema,
    reply: companiesSchema,
  },
  {
    method: 'GET',
    path: '/company/:id/',
    summary: "Read for its profile: the same call as the workspace's company, parsed for the page",
    params: companyIdParamsSchema,
    reply: companyProfileSchema,
  },
  {
    method: 'GET',
    path: '/company/:id',
    summary: "Read for its profile: the same call as the workspace's company, parsed for the page",
    params: companyIdParamsSchema,
    reply: companyProfileSchema,
  },
  {
    method: 'PUT',
    path: '/company/:id/',
    summary: 'Refused with 409 when the profile was saved since `expected_version`',
    body: companyProfileBodySchema,
    reply: companyProfileSchema,
  },
  {
    method: 'PUT',
    path: '/company/:id',
    summary: 'Refused with 409 when the profile was saved since `expected_version`',
    body: companyProfileBodySchema,
    reply: companyProfileSchema,
  },
  {
    method: 'POST',
    path: '/company/:id/images/:kind',
    summary:
      'The logo (file field `logo`) or the booking-form header (file field `image`) as multipart form data',
    params: companyPictureParamsSchema,
    upload: { fileField: 'logo or image' },
    reply: imageGroupSchema,
  },
  {
    method: 'DELETE',
    path: '/company/:id/images/:kind',
    summary: 'Remove company picture',
    params: companyPictureParamsSchema,
    reply: v.null(),
  },
]
