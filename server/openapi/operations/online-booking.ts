import {
  onlineBookingCompanyParamsSchema,
  onlineBookingConfirmBodySchema,
  onlineBookingConfirmedSchema,
  onlineBookingRequestBodySchema,
  onlineBookingRequestParamsSchema,
  onlineBookingRequestSchema,
  onlineBookingSchema,
  onlineCancelParamsSchema,
  onlineCatalogueSchema,
  onlineFreeTimesQuerySchema,
  onlineFreeTimesSchema,
} from '../../../contract/online-booking/schemas'
import { onlineChainParamsSchema, onlineChainSchema } from '../../../contract/online-booking/chain-schemas'
import { frameOriginsBodySchema, frameOriginsSchema } from '../../../contract/online-booking/frame-origins'
import {
  newOnlineBookingsSchema,
  onlineBookingsSeenBodySchema,
  onlineBookingsSeenSchema,
} from '../../../contract/online-booking/new-bookings'
import type { Operation } from '../operation'

export const onlineBookingOperations: Operation[] = [
  {
    method: 'GET',
    path: '/b2c/chain/:chainId',
    summary: "A chain's public booking page: its salons that take online bookings (404 when none does)",
    params: onlineChainParamsSchema,
    reply: onlineChainSchema,
  },
  {
    method: 'GET',
    path: '/b2c/:companyId',
    summary: "A salon's public booking page: the salon, its online services and the staff who provide them",
    params: onlineBookingCompanyParamsSchema,
    reply: onlineCatalogueSchema,
  },
  {
    method: 'GET',
    path: '/b2c/:companyId/free_times',
    summary: 'Free start times of a date for some services with a staff member or anyone',
    params: onlineBookingCompanyParamsSchema,
    query: onlineFreeTimesQuerySchema,
    reply: onlineFreeTimesSchema,
  },
  {
    method: 'POST',
    path: '/b2c/:companyId/requests',
    summary: 'Asks for a booking: a code goes to the phone (or e-mail); 409 with 4001 when the time is gone',
    params: onlineBookingCompanyParamsSchema,
    body: onlineBookingRequestBodySchema,
    reply: onlineBookingRequestSchema,
    status: 201,
  },
  {
    method: 'POST',
    path: '/b2c/:companyId/requests/:requestId/resend',
    summary: 'A new code for a booking request (1001 while the resend wait lasts)',
    params: onlineBookingRequestParamsSchema,
    reply: onlineBookingRequestSchema,
  },
  {
    method: 'POST',
    path: '/b2c/:companyId/requests/:requestId/confirm',
    summary: 'The right code books the appointment; 409 with 4001 when the time was taken meanwhile',
    params: onlineBookingRequestParamsSchema,
    body: onlineBookingConfirmBodySchema,
    reply: onlineBookingConfirmedSchema,
    status: 201,
  },
  {
    method: 'GET',
    path: '/b2c/booking/:token',
    summary: 'The booking a cancellation link names',
    params: onlineCancelParamsSchema,
    reply: onlineBookingSchema,
  },
  {
    method: 'POST',
    path: '/b2c/booking/:token/cancel',
    summary: 'The client cancels their booking; 409 with 4002 once it has started or the salon moved it on',
    params: onlineCancelParamsSchema,
    reply: onlineBookingSchema,
  },
  {
    method: 'GET',
    path: '/company/:id/online_bookings/new',
    summary: "The online bookings made since the member last looked (a limited specialist's own alone)",
    reply: newOnlineBookingsSchema,
  },
  {
    method: 'POST',
    path: '/company/:id/online_bookings/seen',
    summary: 'Marks the online bookings made up to a moment as looked at by the member',
    body: onlineBookingsSeenBodySchema,
    reply: onlineBookingsSeenSchema,
  },
  {
    method: 'GET',
    path: '/company/:id/online_booking/frame_origins',
    summary: "The sites (exact origins) allowed to show the salon's booking page in a frame",
    reply: frameOriginsSchema,
  },
  {
    method: 'PUT',
    path: '/company/:id/online_booking/frame_origins',
    summary: 'Replaces the sites allowed to frame the booking page (options_company_edit_access; audited)',
    body: frameOriginsBodySchema,
    reply: frameOriginsSchema,
  },
]
