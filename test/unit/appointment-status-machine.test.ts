import { describe, expect, it } from 'vitest'
import { canChangeStatus, nextStatuses } from '../../machines/appointment-status'

describe('the appointment status machine', () => {
  it('offers from each status exactly the moves of the lifecycle', () => {
    expect(nextStatuses('booked')).toEqual(['confirmed', 'arrived', 'no_show', 'cancelled'])
    expect(nextStatuses('confirmed')).toEqual(['booked', 'arrived', 'no_show', 'cancelled'])
    expect(nextStatuses('arrived')).toEqual(['confirmed', 'paid'])
    expect(nextStatuses('no_show')).toEqual(['booked', 'arrived'])
    expect(nextStatuses('cancelled')).toEqual([])
    expect(nextStatuses('paid')).toEqual([])
  })

  it('refuses paying before arrival and anything after paid or cancelled', () => {
    expect(canChangeStatus('booked', 'paid')).toBe(false)
    expect(canChangeStatus('arrived', 'paid')).toBe(true)
    expect(canChangeStatus('paid', 'cancelled')).toBe(false)
    expect(canChangeStatus('cancelled', 'booked')).toBe(false)
  })
})
