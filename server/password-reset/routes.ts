import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  createResetTokenBodySchema,
  resetByEmailBodySchema,
  sendResetCodeBodySchema,
  setNewPasswordBodySchema,
} from '../../contract/auth/reset-schemas'
import { ErrorCode } from '../../contract/error-codes'
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../auth/common-passwords'
import { success } from '../http/envelope'
import { HttpError } from '../http/http-error'
import { validate, VALIDATION_FAILED_MESSAGE } from '../http/validate'
import { countInWindow, recordHit } from '../rate-limit/fixed-window-counter'
import { createResetToken, sendResetCode, setNewPassword } from './reset-password'

/** Reset codes one client address may ask for in a window: it stops a flood of messages to strangers. */
export const RESET_SENDS_PER_IP = 20
export const RESET_SENDS_WINDOW_SEC = 15 * 60

/** The password reset calls (SPEC.md section 7, "Password reset"). */
export async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  const deps = () => ({ db: app.db, config: app.config, delivery: app.delivery })

  async function throttleSends(request: FastifyRequest) {
    const key = `reset:ip:${request.ip}`
    if ((await countInWindow(app.db, key, RESET_SENDS_WINDOW_SEC)) >= RESET_SENDS_PER_IP) {
      throw new HttpError(429, 'limit exceeded', { code: ErrorCode.tokenExpiredOrRateLimited })
    }
    await recordHit(app.db, key, RESET_SENDS_WINDOW_SEC)
  }

  app.post('/auth/send_code', async (request) => {
    const body = validate(sendResetCodeBodySchema, request.body)
    await throttleSends(request)
    return success(
      await sendResetCode(deps(), { contact: body.user_contact_info, forceSms: body.force_sms ?? false }),
    )
  })

  app.post('/auth/reset', async (request) => {
    const body = validate(resetByEmailBodySchema, request.body)
    await throttleSends(request)
    return success(await sendResetCode(deps(), { contact: body.email, forceSms: false }))
  })

  app.post('/auth/create_token', async (request) => {
    const body = validate(createResetTokenBodySchema, request.body)
    return success({
      token: await createResetToken(deps(), { contact: body.user_contact_info, code: body.code }),
    })
  })

  app.post('/auth/set_new_password', async (request) => {
    const body = validate(setNewPasswordBodySchema, request.body)
    if (isCommonPassword(body.password)) {
      throw new HttpError(422, VALIDATION_FAILED_MESSAGE, {
        fieldErrors: { password: [COMMON_PASSWORD_MESSAGE] },
      })
    }
    await setNewPassword(deps(), {
      contact: body.user_contact_info,
      token: body.token,
      password: body.password,
    })
    return success(null)
  })
}
