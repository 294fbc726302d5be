import { ErrorCode } from '../../contract/error-codes'
import { onlineBookingMachine } from '../../machines/online-booking'
import type { MachineModelOptions } from '../support/model-coverage'

export const machine = onlineBookingMachine

export const slot = { start_at: '2030-01-08T07:00:00.000Z', time: '10:00', date: '2030-01-08' }

export const requested = {
  request_id: '6d2b1f0e-1111-4222-8333-444455556666',
  channel: 'sms',
  recipient: '+7 916*****67',
  attempts_left: 5,
  wait_period: 60,
  resend_available_at: '2030-01-01T00:00:00Z',
} as const

export const confirmed = {
  booking: {
    company_id: 7,
    company_title: 'Salon Seven',
    timezone: 'Europe/Moscow',
    staff_name: 'Anna',
    services: ['Haircut'],
    start_at: slot.start_at,
    end_at: '2030-01-08T08:00:00.000Z',
    status: 'booked',
    cancellable: true,
  },
  cancel_token: 'a'.repeat(43),
} as const

export const failures = {
  slotTaken: { status: 409, code: ErrorCode.appointmentSlotTaken, message: 'taken' },
  wrongCode: { status: 422, code: ErrorCode.invalidConfirmationCode, attemptsLeft: 4 },
  badPhone: { status: 422, fieldErrors: { phone: ['must be a valid phone number'] } },
  tooEarly: { status: 429, code: ErrorCode.tokenExpiredOrRateLimited },
}

/** A client of Salon Seven books a haircut with anyone, and meets each failure the server can answer. */
export const modelOptions: MachineModelOptions = {
  input: { companyId: 7 },
  events: {
    'services.chosen': [{ serviceIds: [1] }],
    'staff.chosen': [{ staff: 'any' }],
    'time.chosen': [{ slot }],
    'contact.submitted': [{ name: 'Vera', phone: '+79161234567' }],
    'code.submitted': [{ code: '123456' }],
    'code.resend': [{}],
    'step.back': [{}],
    'xstate.done.actor.requestBooking': [{ output: requested }],
    'xstate.error.actor.requestBooking': [{ error: failures.slotTaken }, { error: failures.badPhone }],
    'xstate.done.actor.confirmBooking': [{ output: confirmed }],
    'xstate.error.actor.confirmBooking': [{ error: failures.slotTaken }, { error: failures.wrongCode }],
    'xstate.done.actor.resendCode': [{ output: requested }],
    'xstate.error.actor.resendCode': [{ error: failures.tooEarly }],
  },
}
