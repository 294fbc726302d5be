import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  createResetTokenBodySchema,
  resetByEmailBodySchema,
  sendResetCodeBodySchema,
  setNewPasswordBodySchema,
} from '../../contract/auth/reset-schemas'
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../auth/common-passwords'
import { success } from '../http/envelope'
import { HttpError } from '../http/http-error'
import { validate, VALIDATION_FAILED_MESSAGE } from '../http/validate'
import { reserveSendFromAddress } from './reset-caps'
import { createResetToken, sendResetCode, setNewPassword } from './reset-password'
import { requestLanguage } from '../i18n/request-language'

/** The password reset calls (SPEC.md section 7, "Password reset"). */
export async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  const deps = (request: FastifyRequest) => ({
    db: app.db,
    config: app.config,
    delivery: app.delivery,
    log: request.log,
    language: requestLanguage(request),
  })

  /** Every request for a code counts against its address, in the short and in the daily window. */
  const throttleSends = (request: FastifyRequest) => reserveSendFromAddress(deps(request), request.ip)

  app.post('/auth/send_code', async (request) => {
    const body = validate(sendResetCodeBodySchema, request.body)
    await throttleSends(request)
    return success(
      await sendResetCode(deps(request), {
        contact: body.user_contact_info,
        forceSms: body.force_sms ?? false,
      }),
    )
  })

  app.post('/auth/reset', async (request) => {
    const body = validate(resetByEmailBodySchema, request.body)
    await throttleSends(request)
    return success(await sendResetCode(deps(request), { contact: body.email, forceSms: false }))
  })

  app.post('/auth/create_token', async (request) => {
    const body = validate(createResetTokenBodySchema, request.body)
    return success({
      token: await createResetToken(deps(request), { contact: body.user_contact_info, code: body.code }),
    })
  })

  app.post('/auth/set_new_password', async (request) => {
    const body = validate(setNewPasswordBodySchema, request.body)
    if (await isCommonPassword(body.password)) {
      throw new HttpError(422, VALIDATION_FAILED_MESSAGE, {
        fieldErrors: { password: [COMMON_PASSWORD_MESSAGE] },
      })
    }
    await setNewPassword(deps(request), {
      contact: body.user_contact_info,
      token: body.token,
      password: body.password,
    })
    return success(null)
  })
}
