import type { FastifyInstance } from 'fastify'
import { companiesQuerySchema, companyIdParamsSchema } from '../../contract/companies/schemas'
import { authenticate, requireAuth } from '../http/authenticate'
import { success } from '../http/envelope'
import { HttpError } from '../http/http-error'
import { validate } from '../http/validate'
import { companyProfileBodySchema } from '../../contract/companies/profile-schemas'
import { requireMembership } from '../access/company-access'
import { auditOf } from '../business/change-log/request-audit'
import { companyRoute } from '../business/groups/company-route'
import { requestLanguage } from '../references/request-language'
import { saveCompanyProfile } from './company-profile'
import { findUserCompanyWithProfile, listUserCompanies } from './user-companies'

/** Company calls (SPEC.md section 7, "Company data"). */
export async function companyRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app

  // Only the user's own companies are ever listed: `my=0` exists in the contract but shows the same list, since
  // nobody may browse other businesses.
  app.get('/companies', { preHandler: authenticate }, async (request) => {
    const query = validate(companiesQuerySchema, request.query)
    const { companies, total } = await listUserCompanies(db, requireAuth(request).userId, query.count)
    return success(companies, { count: total })
  })

  const getCompany = async (request: Parameters<typeof authenticate>[0]) => {
    const params = validate(companyIdParamsSchema, request.params)
    const company = await findUserCompanyWithProfile(
      db,
      requireAuth(request).userId,
      params.id,
      requestLanguage(request),
    )
    if (!company) throw new HttpError(404, /*i18n*/ 'Company not found')
    return success(company)
  }
  // The specification calls it with a trailing slash; both spellings answer.
  app.get('/company/:id/', { preHandler: authenticate }, getCompany)
  app.get('/company/:id', { preHandler: authenticate }, getCompany)

  // SPEC.md reads the company with GET company/{id}/ and names no write: the profile is written to the same
  // address (docs/decisions.md, "Company profile").
  const saveProfile = async (request: Parameters<typeof authenticate>[0]) => {
    const body = validate(companyProfileBodySchema, request.body)
    return success(
      await saveCompanyProfile(
        db,
        requireMembership(request).companyId,
        body,
        auditOf(request),
        requestLanguage(request),
      ),
    )
  }
  app.put('/company/:id/', companyRoute('id', 'options_company_edit_access'), saveProfile)
  app.put('/company/:id', companyRoute('id', 'options_company_edit_access'), saveProfile)
}
