import { describe, expect, it } from 'vitest'
import type { Employee } from '../../contract/staff/schemas'
import { withStaffOrder } from '../../src/api/staff/staff-sort'
import { matchingStaff, positionsOf, staffFiltersOf } from '../../src/business/staff/staff-list'
import { minutesOf } from '../../src/business/staff/staff-services'
import { employeeReply } from '../support/catalogue-replies'

const stylist = { id: 7, title: 'Stylist', services_binding_type: 0 as const, count_linked_services: 0 }
const barber = { id: 8, title: 'Barber', services_binding_type: 0 as const, count_linked_services: 0 }
const member = (id: number, name: string, position: typeof stylist | null, weight: number): Employee => ({
  ...employeeReply(id, name),
  position_id: position?.id ?? null,
  position,
  weight,
})
const staff = [
  member(1, 'Maria Ivanova', stylist, 3),
  member(2, 'Olga Petrova', barber, 2),
  member(3, 'Irina Volkova', null, 1),
]
const names = (list: Employee[]) => list.map((employee) => employee.name)

describe('the staff list', () => {
  it('reads the working staff by default and the dismissed ones with fired=1', () => {
    expect(staffFiltersOf('active')).toEqual({})
    expect(staffFiltersOf('dismissed')).toEqual({ fired: 1 })
    expect(staffFiltersOf('active', 31)).toEqual({ service_id: 31 })
    expect(staffFiltersOf('dismissed', 31)).toEqual({ fired: 1, service_id: 31 })
  })

  it('finds staff by any part of the name, in any case, and by position', () => {
    expect(names(matchingStaff(staff, { query: '  OVA ', positionId: undefined }))).toEqual([
      'Maria Ivanova',
      'Olga Petrova',
      'Irina Volkova',
    ])
    expect(names(matchingStaff(staff, { query: 'pet', positionId: undefined }))).toEqual(['Olga Petrova'])
    expect(names(matchingStaff(staff, { query: '', positionId: stylist.id }))).toEqual(['Maria Ivanova'])
    expect(names(matchingStaff(staff, { query: 'olga', positionId: stylist.id }))).toEqual([])
  })

  it('offers each position held once, by title', () => {
    expect(positionsOf([...staff, member(4, 'Anna', stylist, 0)])).toEqual([
      { id: barber.id, title: 'Barber' },
      { id: stylist.id, title: 'Stylist' },
    ])
  })

  it('shows a new order at once, with the weights the server will give (first shown highest)', () => {
    const moved = withStaffOrder(staff, [3, 1, 2])
    expect(moved.map((employee) => [employee.id, employee.weight])).toEqual([
      [3, 3],
      [1, 2],
      [2, 1],
    ])
    // Someone the order leaves out (added meanwhile) follows, as they were.
    expect(withStaffOrder(staff, [2, 1]).map((employee) => employee.id)).toEqual([2, 1, 3])
  })

  it('takes a staff member’s time for a service in whole minutes from 5 to a day', () => {
    expect(minutesOf(' 45 ')).toBe(45)
    expect(minutesOf('5')).toBe(5)
    expect(minutesOf('1440')).toBe(1440)
    for (const wrong of ['', '4', '1441', '4.5', '-10', 'abc'])
      expect(minutesOf(wrong), wrong).toBeUndefined()
  })
})
