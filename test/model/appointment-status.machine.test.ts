import { describe, expect, it } from 'vitest'
import type { AppointmentStatus } from '../../contract/appointments/statuses'
import { canChangeStatus, nextStatuses, statusAfterFullRefund } from '../../machines/appointment-status'
import { assertFullCoverage, createMachineModel } from '../support/model-coverage'
import { writeWalkRecord } from '../support/walk-record-writer'
import { machine, modelOptions } from './appointment-status.model'

const model = createMachineModel(machine, modelOptions)

/** What the receptionist sees in the book: the chosen status, and only the moves that status allows. */
describe('appointmentStatus machine, model-based', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.walk(path, (step) => {
        if (step.from === undefined) {
          expect(step.state).toBe('booked')
          return
        }
        if (step.event.type === 'refund.full') {
          // Refunded in full, the visit is back to arrived, to be paid again.
          expect(step.from).toBe('paid')
          expect(step.state).toBe('arrived')
          expect(nextStatuses('arrived')).toContain('paid')
          return
        }
        const target = step.event.type.replace(/^status\./, '') as AppointmentStatus
        expect(canChangeStatus(step.from as AppointmentStatus, target)).toBe(true)
        expect(step.state).toBe(target)
        expect(nextStatuses(target).length === 0).toBe(target === 'cancelled' || target === 'paid')
      })
    })
  }

  it('never lets a paid visit be cancelled or a cancelled one be paid', () => {
    expect(canChangeStatus('paid', 'cancelled')).toBe(false)
    expect(canChangeStatus('cancelled', 'paid')).toBe(false)
    expect(canChangeStatus('arrived', 'cancelled')).toBe(false)
    expect(nextStatuses('booked')).toEqual(['confirmed', 'arrived', 'no_show', 'cancelled'])
  })

  it('lets only a paid visit be refunded, back to arrived', () => {
    expect(statusAfterFullRefund('paid')).toBe('arrived')
    for (const from of ['booked', 'confirmed', 'arrived', 'no_show', 'cancelled'] as const) {
      expect(statusAfterFullRefund(from)).toBeUndefined()
    }
    expect(canChangeStatus('paid', 'arrived')).toBe(false)
  })

  it('covers every state and transition', () => {
    writeWalkRecord('machine', import.meta.filename, model.walked)
    assertFullCoverage(machine, model.walked)
  })
})
