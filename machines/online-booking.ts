import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { ErrorCode } from '../contract/error-codes'
import type {
  OnlineBookingConfirmed,
  OnlineBookingRequest,
  OnlineBookingRequestBody,
} from '../contract/online-booking/schemas'
import { callFailureOf, type CallFailure } from './call-failure'

/** "Anyone": the server picks a free staff member when the code is confirmed. */
export const ANYONE = 'any' as const
export type StaffChoice = number | typeof ANYONE

/** A free start time the client picked. */
export interface ChosenSlot {
  start_at: string
  time: string
  date: string
}

export interface OnlineBookingInput {
  companyId: number
}

export interface OnlineBookingContext extends OnlineBookingInput {
  serviceIds: number[]
  staff: StaffChoice | null
  slot: ChosenSlot | null
  contact: { name: string; phone: string } | null
  request: OnlineBookingRequest | null
  booked: OnlineBookingConfirmed | null
  failure: CallFailure | null
  /** True when the step shows because the time picked was taken meanwhile. */
  slotLost: boolean
}

export type OnlineBookingEvent =
  | { type: 'services.chosen'; serviceIds: number[] }
  | { type: 'staff.chosen'; staff: StaffChoice }
  | { type: 'time.chosen'; slot: ChosenSlot }
  | { type: 'contact.submitted'; name: string; phone: string }
  | { type: 'code.submitted'; code: string }
  | { type: 'code.resend' }
  | { type: 'step.back' }

const slotTaken = (_: unknown, params: { error: unknown }) =>
  callFailureOf(params.error).code === ErrorCode.appointmentSlotTaken

/**
 * Booking on a salon's public page (the b2c screen): services, then a staff member or anyone, then a free time,
 * then name and phone, then the code sent to the phone, then the booking with its cancellation link. Each step
 * is a state the page shows; back steps keep what was chosen. A time taken meanwhile (4001, when asking or when
 * confirming) sends the client back to the times with a notice.
 */
export const onlineBookingMachine = setup({
  types: {
    context: {} as OnlineBookingContext,
    events: {} as OnlineBookingEvent,
    input: {} as OnlineBookingInput,
  },
  actors: {
    /** POST /b2c/{companyId}/requests: sends the code; rejects with a CallFailure. */
    requestBooking: fromPromise<
      OnlineBookingRequest,
      { companyId: number; body: Omit<OnlineBookingRequestBody, 'language'> }
    >(async () => {
      throw new Error('requestBooking is supplied by the app')
    }),
    /** POST /b2c/{companyId}/requests/{requestId}/confirm */
    confirmBooking: fromPromise<
      OnlineBookingConfirmed,
      { companyId: number; requestId: string; code: string }
    >(async () => {
      throw new Error('confirmBooking is supplied by the app')
    }),
    /** POST /b2c/{companyId}/requests/{requestId}/resend */
    resendCode: fromPromise<OnlineBookingRequest, { companyId: number; requestId: string }>(async () => {
      throw new Error('resendCode is supplied by the app')
    }),
  },
  guards: {
    slotTaken,
    hasServices: ({ event }) => event.type === 'services.chosen' && event.serviceIds.length > 0,
  },
  actions: {
    rememberFailure: assign({
      failure: (_, params: { error: unknown }) => callFailureOf(params.error),
    }),
    forgetFailure: assign({ failure: null, slotLost: false }),
    loseSlot: assign({
      slot: null,
      request: null,
      slotLost: true,
      failure: (_, params: { error: unknown }) => callFailureOf(params.error),
    }),
  },
}).createMachine({
  id: 'onlineBooking',
  context: ({ input }) => ({
    ...input,
    serviceIds: [],
    staff: null,
    slot: null,
    contact: null,
    request: null,
    booked: null,
    failure: null,
    slotLost: false,
  }),
  initial: 'services',
  states: {
    services: {
      description: 'The client picks one or more services',
      on: {
        'services.chosen': {
          guard: 'hasServices',
          target: 'staff',
          description: 'The client goes on with the services picked',
          actions: [
            'forgetFailure',
            assign({
              serviceIds: ({ event }) => event.serviceIds,
              // Another set of services may not suit the staff member or time picked before.
              staff: ({ context, event }) =>
                event.serviceIds.join() === context.serviceIds.join() ? context.staff : null,
              slot: ({ context, event }) =>
                event.serviceIds.join() === context.serviceIds.join() ? context.slot : null,
            }),
          ],
        },
      },
    },
    staff: {
      description: 'The client picks a staff member or anyone',
      on: {
        'staff.chosen': {
          target: 'time',
          description: 'The client goes on with a staff member or anyone',
          actions: [
            'forgetFailure',
            assign({
              slot: ({ context, event }) => (event.staff === context.staff ? context.slot : null),
              staff: ({ event }) => event.staff,
            }),
          ],
        },
        'step.back': { target: 'services', description: 'Back to the services' },
      },
    },
    time: {
      description: 'The client picks a date and a free time',
      on: {
        'time.chosen': {
          target: 'contact',
          description: 'The client goes on with a free time',
          actions: ['forgetFailure', assign({ slot: ({ event }) => event.slot })],
        },
        'step.back': { target: 'staff', description: 'Back to the staff' },
      },
    },
    contact: {
      description: 'The client gives a name and a phone',
      initial: 'editing',
      states: {
        editing: {
          description: 'The client types a name and a phone',
          on: {
            'contact.submitted': {
              target: 'requesting',
              description: 'The client asks for the code',
              actions: assign({ contact: ({ event }) => ({ name: event.name, phone: event.phone }) }),
            },
          },
        },
        requesting: {
          description: 'The booking is asked for and the code sent',
          entry: 'forgetFailure',
          invoke: {
            id: 'requestBooking',
            src: 'requestBooking',
            input: ({ context }) => ({
              companyId: context.companyId,
              body: {
                service_ids: context.serviceIds,
                staff_id: context.staff === ANYONE || context.staff === null ? null : context.staff,
                start_at: context.slot!.start_at,
                name: context.contact!.name,
                phone: context.contact!.phone,
              },
            }),
            onDone: {
              target: '#onlineBooking.code',
              description: 'the code is on its way',
              actions: assign({ request: ({ event }) => event.output }),
            },
            onError: [
              {
                guard: { type: 'slotTaken', params: ({ event }) => ({ error: event.error }) },
                target: '#onlineBooking.time',
                description: 'the time was taken meanwhile: the client picks another',
                actions: { type: 'loseSlot', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'editing',
                description: 'the client sees why and corrects it',
                actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
      },
      on: { 'step.back': { target: 'time', description: 'Back to the times' } },
    },
    code: {
      description: 'The client enters the code sent to them',
      initial: 'editing',
      states: {
        editing: {
          description: 'The client types the 6-digit code',
          on: {
            'code.submitted': { target: 'verifying', description: 'The client submits the code' },
            'code.resend': { target: 'resending', description: 'The client asks for a new code' },
          },
        },
        verifying: {
          description: 'The code is checked and the appointment booked',
          entry: 'forgetFailure',
          invoke: {
            id: 'confirmBooking',
            src: 'confirmBooking',
            input: ({ context, event }) => {
              assertEvent(event, 'code.submitted')
              return {
                companyId: context.companyId,
                requestId: context.request!.request_id,
                code: event.code.trim(),
              }
            },
            onDone: {
              target: '#onlineBooking.booked',
              description: 'the appointment is booked',
              actions: assign({ booked: ({ event }) => event.output }),
            },
            onError: [
              {
                guard: { type: 'slotTaken', params: ({ event }) => ({ error: event.error }) },
                target: '#onlineBooking.time',
                description: 'the time was taken meanwhile: the client picks another',
                actions: { type: 'loseSlot', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'editing',
                description: 'a wrong code: the client sees why and tries again',
                actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        resending: {
          description: 'A new code is being sent',
          entry: 'forgetFailure',
          invoke: {
            id: 'resendCode',
            src: 'resendCode',
            input: ({ context }) => ({
              companyId: context.companyId,
              requestId: context.request!.request_id,
            }),
            onDone: {
              target: 'editing',
              description: 'a new code is on its way',
              actions: assign({ request: ({ event }) => event.output }),
            },
            onError: {
              target: 'editing',
              description: 'the client sees why (too early, too many)',
              actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
      on: { 'step.back': { target: 'contact', description: 'Back to name and phone' } },
    },
    booked: {
      description: 'The appointment is booked; the cancellation link is shown',
      type: 'final',
    },
  },
})
