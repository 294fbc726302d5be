import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  onlineBookingCompanyParamsSchema,
  onlineBookingConfirmBodySchema,
  onlineBookingRequestBodySchema,
  onlineBookingRequestParamsSchema,
  onlineCancelParamsSchema,
  onlineFreeTimesQuerySchema,
} from '../../contract/online-booking/schemas'
import { success } from '../http/envelope'
import { validate } from '../http/validate'
import { requestLanguage } from '../i18n/request-language'
import { cancelBookingByToken, bookingOfToken } from './booking-cancellation'
import { confirmBooking } from './booking-confirmation'
import { createBookingRequest, resendBookingCode, type OnlineBookingDeps } from './booking-requests'
import { onlineCatalogue } from './online-catalogue'
import { onlineFreeTimes } from './online-free-times'
import { onlineChain } from './chain-salons'
import { reserveChainRead } from './request-limits'
import { onlineChainParamsSchema } from '../../contract/online-booking/chain-schemas'

/**
 * The public booking page of a salon (the b2c screen): no sign-in, so every route is on PUBLIC_API_ROUTES and
 * answers only what a salon shows its clients. Requests that send a code are limited per address and per phone,
 * codes per request (attempts) and per address.
 */
export async function onlineBookingRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app
  const depsOf = (request: FastifyRequest): OnlineBookingDeps => ({
    db,
    config,
    delivery: app.delivery,
    log: request.log,
  })

  app.get('/b2c/chain/:chainId', async (request) => {
    const { chainId } = validate(onlineChainParamsSchema, request.params)
    await reserveChainRead(db, request.ip)
    return success(await onlineChain(db, chainId, requestLanguage(request)))
  })

  app.get('/b2c/:companyId', async (request) => {
    const { companyId } = validate(onlineBookingCompanyParamsSchema, request.params)
    return success(await onlineCatalogue(db, companyId))
  })

  app.get('/b2c/:companyId/free_times', async (request) => {
    const { companyId } = validate(onlineBookingCompanyParamsSchema, request.params)
    const query = validate(onlineFreeTimesQuerySchema, request.query)
    return success(await onlineFreeTimes(db, companyId, query))
  })

  app.post('/b2c/:companyId/requests', async (request, reply) => {
    const { companyId } = validate(onlineBookingCompanyParamsSchema, request.params)
    const body = validate(onlineBookingRequestBodySchema, request.body)
    const created = await createBookingRequest(depsOf(request), companyId, body, {
      ip: request.ip,
      language: requestLanguage(request),
    })
    return reply.status(201).send(success(created))
  })

  app.post('/b2c/:companyId/requests/:requestId/resend', async (request) => {
    const { companyId, requestId } = validate(onlineBookingRequestParamsSchema, request.params)
    return success(await resendBookingCode(depsOf(request), companyId, requestId))
  })

  app.post('/b2c/:companyId/requests/:requestId/confirm', async (request, reply) => {
    const { companyId, requestId } = validate(onlineBookingRequestParamsSchema, request.params)
    const { code } = validate(onlineBookingConfirmBodySchema, request.body)
    const confirmed = await confirmBooking(depsOf(request), companyId, requestId, code, request.ip)
    return reply.status(201).send(success(confirmed))
  })

  app.get('/b2c/booking/:token', async (request) => {
    const { token } = validate(onlineCancelParamsSchema, request.params)
    return success(await bookingOfToken(db, token))
  })

  app.post('/b2c/booking/:token/cancel', async (request) => {
    const { token } = validate(onlineCancelParamsSchema, request.params)
    return success(await cancelBookingByToken(db, token, request.ip))
  })
}
