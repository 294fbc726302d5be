import { describe, expect, it } from 'vitest'
import { availabilityOf, checkedSpanSec } from '../../src/business/resources/free-check'

const instances = [
  { id: 1, resource_id: 10, title: 'Table 1', bookings_count: 1 },
  { id: 2, resource_id: 10, title: 'Table 2', bookings_count: 0 },
  { id: 3, resource_id: 20, title: 'Room A', bookings_count: 0 },
]

describe('the free-instances check of one resource', () => {
  it('marks every instance of the resource free or taken from the answer, leaving other resources out', () => {
    const answer = [
      { resource_id: 10, title: 'Manicure table', free_instances: [{ id: 2, title: 'Table 2' }] },
      { resource_id: 20, title: 'Colouring room', free_instances: [{ id: 3, title: 'Room A' }] },
    ]
    expect(availabilityOf(instances, answer, 10)).toEqual([
      { id: 1, title: 'Table 1', free: false },
      { id: 2, title: 'Table 2', free: true },
    ])
    expect(availabilityOf(instances, answer, 20)).toEqual([{ id: 3, title: 'Room A', free: true }])
  })

  it('has no answer for a resource the service does not need', () => {
    expect(availabilityOf(instances, [], 10)).toBeNull()
  })

  it('asks for the service’s duration, at least a minute and at most a day', () => {
    expect(checkedSpanSec(3600)).toBe(3600)
    expect(checkedSpanSec(0)).toBe(60)
    expect(checkedSpanSec(200_000)).toBe(86_400)
  })
})
