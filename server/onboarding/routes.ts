import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  checkPhoneBodySchema,
  confirmCodeBodySchema,
  continueRegisterAcceptInvitesBodySchema,
  continueRegisterCreateCompanyBodySchema,
  createCompanyBodySchema,
  invitesQuerySchema,
  joinBodySchema,
  progressIdParamsSchema,
  sendConfirmCodeBodySchema,
} from '../../contract/onboarding/schemas'
import { authenticate, authenticateIfPresent } from '../http/authenticate'
import { success } from '../http/envelope'
import { validate } from '../http/validate'
import { createRecaptchaVerifier } from '../recaptcha/recaptcha-verifier'
import { referenceRoutes } from '../references/routes'
import { checkPhone } from './check-phone'
import { confirmCode, resendCode } from './confirmation'
import { createCompanyForUser, joinAsUser, registerWithCompany, registerWithInvites } from './finish'
import { firstStep, validFirstStepBody } from './first-step'
import { invitesForVisitor } from './invites-for-visitor'
import { viewProgress } from './progress-access'
import { setOnboardingCookie } from './progress-cookie'
import { buildProgressStatus } from './progress-status'
import { QUESTIONNAIRE_STEPS, saveStep } from './questionnaire'
import { requestLanguage } from '../i18n/request-language'

/** Registration and onboarding calls (SPEC.md section 7, "Onboarding"; docs/api.md, "Onboarding"). */
export async function onboardingRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, delivery } = app
  const recaptcha = createRecaptchaVerifier(config)
  // Per request, so that what sending a code logs carries the request's id.
  const depsOf = (request: FastifyRequest) => ({
    db,
    config,
    delivery,
    recaptcha,
    log: request.log,
    language: requestLanguage(request),
  })
  const progressIdOf = (params: unknown) => validate(progressIdParamsSchema, params).id
  // The questionnaire's reference data (countries, cities, business groups, ...) comes with it.
  await app.register(referenceRoutes)

  app.post('/onboarding/first', { preHandler: authenticateIfPresent }, async (request, reply) => {
    const body = validFirstStepBody(request.body)
    const result = await firstStep(depsOf(request), request, body)
    setOnboardingCookie(reply, config, result.token)
    return success(result.status)
  })

  app.get('/onboarding/progress/:id', { preHandler: authenticateIfPresent }, async (request) => {
    const viewer = await viewProgress(db, request, progressIdOf(request.params))
    return success(await buildProgressStatus(db, viewer))
  })

  for (const step of QUESTIONNAIRE_STEPS) {
    app.post(`/onboarding/${step}/:id`, { preHandler: authenticateIfPresent }, async (request) =>
      success(await saveStep(db, request, progressIdOf(request.params), step, request.body)),
    )
  }

  app.post('/onboarding/send_confirm_code/:id', async (request) => {
    const id = progressIdOf(request.params)
    const body = validate(sendConfirmCodeBodySchema, request.body)
    return success(await resendCode(depsOf(request), request, id, body.channel))
  })

  app.post('/onboarding/confirm_code/:id', { preHandler: authenticateIfPresent }, async (request) => {
    const id = progressIdOf(request.params)
    const body = validate(confirmCodeBodySchema, request.body)
    return success(await confirmCode(depsOf(request), request, id, body.code))
  })

  app.post('/onboarding/continue_register/create_company/:id', async (request, reply) => {
    const id = progressIdOf(request.params)
    const body = validate(continueRegisterCreateCompanyBodySchema, request.body)
    return success(await registerWithCompany(depsOf(request), request, reply, id, body))
  })

  app.post('/onboarding/continue_register/accept_invites/:id', async (request, reply) => {
    const id = progressIdOf(request.params)
    const body = validate(continueRegisterAcceptInvitesBodySchema, request.body)
    return success(await registerWithInvites(depsOf(request), request, reply, id, body))
  })

  app.post('/onboarding/create_company/:id', { preHandler: authenticate }, async (request) => {
    const id = progressIdOf(request.params)
    const body = validate(createCompanyBodySchema, request.body ?? {})
    return success(await createCompanyForUser(depsOf(request), request, id, body))
  })

  app.post('/onboarding/join/:id', { preHandler: authenticate }, async (request) => {
    const id = progressIdOf(request.params)
    const body = validate(joinBodySchema, request.body ?? {})
    return success(await joinAsUser(depsOf(request), request, id, body))
  })

  app.post('/onboarding/check_phone', async (request) => {
    const body = validate(checkPhoneBodySchema, request.body)
    return success(checkPhone(body.phone))
  })

  app.get('/onboarding/invites', { preHandler: authenticateIfPresent }, async (request) => {
    const query = validate(invitesQuerySchema, request.query)
    return success(await invitesForVisitor(db, request, query))
  })
}
