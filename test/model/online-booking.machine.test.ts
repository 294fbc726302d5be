import { describe, expect, it } from 'vitest'
import type { OnlineBookingContext } from '../../machines/online-booking'
import { assertFullCoverage, createMachineModel, type WalkedStep } from '../support/model-coverage'
import { writeWalkRecord } from '../support/walk-record-writer'
import { confirmed, failures, machine, modelOptions, requested, slot } from './online-booking.model'

const model = createMachineModel(machine, modelOptions)

/** What the client sees after each step: the step shown, what it keeps, and the sentence of a failure. */
function expectObservable(step: WalkedStep) {
  const context = step.snapshot.context as OnlineBookingContext
  for (const call of step.started) {
    if (call.id === 'requestBooking') {
      expect(call.input).toEqual({
        companyId: 7,
        body: {
          service_ids: [1],
          staff_id: null,
          start_at: slot.start_at,
          name: 'Vera',
          phone: '+79161234567',
        },
      })
    }
    if (call.id === 'confirmBooking') {
      expect(call.input).toEqual({ companyId: 7, requestId: requested.request_id, code: '123456' })
    }
  }
  const event = step.event as unknown as { type: string; error?: { code?: number } }
  if (event.type.startsWith('xstate.error.actor.') && event.error?.code === failures.slotTaken.code) {
    expect(step.state).toBe('time')
    expect(context.slotLost).toBe(true)
    expect(context.slot).toBeNull()
  }
  if (event.type === 'xstate.error.actor.confirmBooking' && event.error?.code !== failures.slotTaken.code) {
    expect(step.state).toBe('code.editing')
    expect(context.failure?.attemptsLeft).toBe(4)
  }
  if (step.state === 'booked') {
    expect(context.booked).toEqual(confirmed)
    expect(step.snapshot.status).toBe('done')
  }
  if (step.state.startsWith('contact') || step.state.startsWith('code')) expect(context.slot).toEqual(slot)
}

describe('onlineBooking machine, model-based', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.walk(path, expectObservable)
    })
  }

  it('covers every state and transition', () => {
    writeWalkRecord('machine', import.meta.filename, model.walked)
    assertFullCoverage(machine, model.walked)
  })
})
