import { describe, expect, it } from 'vitest'
import { visitPrice } from '../../server/business/appointments/appointment-prices'

/** Prices by service id: a haircut, a wash, and a composite "cut and colour" (id 9) of parts 3 and 4. */
const prices = new Map([
  [1, 2500],
  [2, 700],
  [3, 1800],
  [4, 3000],
  [9, 4200],
])
const alone = (serviceId: number) => ({ serviceId, compositeId: null })
const partOf = (compositeId: number, serviceId: number) => ({ serviceId, compositeId })

describe('the price the payment step proposes for a visit', () => {
  it('adds the price of each service booked on its own', () => {
    expect(visitPrice([alone(1), alone(2)], prices)).toBe(3200)
    expect(visitPrice([alone(1), alone(1)], prices)).toBe(5000)
  })

  it('counts a composite once at its own price, not its parts', () => {
    expect(visitPrice([alone(2), partOf(9, 3), partOf(9, 4), alone(1)], prices)).toBe(700 + 4200 + 2500)
  })

  it('counts a composite booked again after another service a second time', () => {
    expect(visitPrice([partOf(9, 3), partOf(9, 4), alone(2), partOf(9, 3), partOf(9, 4)], prices)).toBe(
      4200 + 700 + 4200,
    )
  })

  it('is zero for a service the price list no longer has', () => {
    expect(visitPrice([alone(77)], prices)).toBe(0)
  })
})
