import { companyStateSchema } from '../../../contract/license/company-state-schemas'
import {
  addLicenseOptionBodySchema,
  addStaffCalculateQuerySchema,
  addStaffCalculationSchema,
  licenseReplySchema,
  licenseSchema,
} from '../../../contract/license/schemas'
import type { Operation } from '../operation'

export const licenseOperations: Operation[] = [
  {
    method: 'GET',
    path: '/license/:id',
    summary: 'The licence, or null when the company has none (the server answers [])',
    reply: licenseReplySchema,
  },
  {
    method: 'GET',
    path: '/license/:id/add_staff/calculate',
    summary: 'The price of additional staff seats until the licence ends',
    query: addStaffCalculateQuerySchema,
    reply: addStaffCalculationSchema,
  },
  {
    method: 'POST',
    path: '/license/:id/options/add',
    summary: 'Adds an option (such as staff seats) to the licence',
    body: addLicenseOptionBodySchema,
    reply: licenseSchema,
  },
  {
    method: 'POST',
    path: '/license/:id/trial',
    summary: 'Starts the 14-day trial of a company that never had a licence',
    reply: licenseSchema,
  },
  {
    method: 'GET',
    path: '/company/:id/state',
    summary: 'Storage settings, SMS sender name, analytics threshold, default country, licence',
    reply: companyStateSchema,
  },
  {
    method: 'PUT',
    path: '/company/:id/state',
    summary: 'With only the fields to change: answers the whole state after the change',
    reply: companyStateSchema,
  },
]
