import type { FastifyInstance } from 'fastify'
import { addLicenseOptionBodySchema, addStaffCalculateQuerySchema } from '../../../contract/license/schemas'
import { requireMembership } from '../../access/company-access'
import { success } from '../../http/envelope'
import { validate } from '../../http/validate'
import { companyRoute } from '../groups/company-route'
import { addLicenseOption, calculateAddStaff, findLicense } from './company-license'
import { readCompanyState } from './company-state'
import { requireTrialStarted } from './trial-license'
import { parseStateUpdate, requireStateFieldRights, updateCompanyState } from './company-state-update'

/** Licence calls (SPEC.md section 7, "License") and the company state that includes the licence. */
export async function licenseRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app

  // An empty array, not null, means "no licence": the reply convention of the specification.
  app.get('/license/:id', companyRoute('id', 'options_license_access'), async (request) => {
    const license = await findLicense(db, requireMembership(request).companyId)
    return success(license ?? [])
  })

  app.get(
    '/license/:id/add_staff/calculate',
    companyRoute('id', 'options_license_buy_access'),
    async (request) => {
      const query = validate(addStaffCalculateQuerySchema, request.query)
      return success(await calculateAddStaff(db, requireMembership(request).companyId, query.amount))
    },
  )

  app.post('/license/:id/options/add', companyRoute('id', 'options_license_buy_access'), async (request) => {
    const body = validate(addLicenseOptionBodySchema, request.body)
    return success(
      await addLicenseOption(db, requireMembership(request).companyId, body.option_id, body.amount),
    )
  })

  // A company created before trials existed (or whose trial never started) starts it once from the licence page.
  app.post('/license/:id/trial', companyRoute('id', 'options_license_buy_access'), async (request, reply) => {
    const companyId = requireMembership(request).companyId
    await requireTrialStarted(db, companyId)
    reply.status(201)
    return success(await findLicense(db, companyId))
  })

  // Every member needs these values (overselling at a sale, the default country of phone fields), so membership
  // alone is enough to read them; the licence's terms only with the licence right.
  app.get('/company/:id/state', companyRoute('id'), async (request) => {
    const { companyId, rights } = requireMembership(request)
    return success(await readCompanyState(db, companyId, { withLicense: rights.options_license_access }))
  })

  // Each field needs its own right (see companyStateFieldFlags), so membership is checked here and the flags in
  // the handler; the reply is the whole state, as GET answers it.
  app.put('/company/:id/state', companyRoute('id'), async (request) => {
    const { companyId, rights } = requireMembership(request)
    requireStateFieldRights(rights, request.body)
    await updateCompanyState(db, companyId, parseStateUpdate(request.body))
    return success(await readCompanyState(db, companyId, { withLicense: rights.options_license_access }))
  })
}
