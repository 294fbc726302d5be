import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { employeeSchema, staffFilterQuery, staffListQuerySchema } from '../../contract/staff/schemas'

const employee = {
  id: 1,
  salon_id: 2,
  name: 'Maria',
  specialization: 'Stylist',
  show_rating: 1,
  rating: 4.5,
  votes_count: 2,
  comments_count: 1,
  avatar: '',
  avatar_big: '',
  weight: 3,
  information: '',
  hidden: 0,
  fired: 0,
  is_fired: false,
  deleted: 0,
  status: 'active',
  date_dismissal: null,
  dismissal_reason: '',
  position_id: null,
  schedule_till: null,
  image_group: null,
  image_group_id: null,
  bookable: true,
  has_access_timetable: false,
}

describe('the employee contract', () => {
  it('reads a user that arrives as an array, or not at all, as null', () => {
    expect(v.parse(employeeSchema, { ...employee, user: [] }).user).toBeNull()
    expect(v.parse(employeeSchema, employee).user).toBeNull()
    expect(v.parse(employeeSchema, { ...employee, user: { id: 5, name: 'Ann' } }).user).toEqual({
      id: 5,
      name: 'Ann',
    })
  })

  it('refuses values outside the enumerations', () => {
    expect(v.safeParse(employeeSchema, { ...employee, fired: 2 }).success).toBe(false)
    expect(v.safeParse(employeeSchema, { ...employee, status: 'gone' }).success).toBe(false)
  })
})

describe('staff list filters', () => {
  it('drop a negative position id and an empty name, and keep the rest', () => {
    expect(staffFilterQuery({ name: '  ', position_id: -1, fired: 2, specialization: ' nail ' })).toEqual({
      fired: 2,
      specialization: 'nail',
    })
    expect(staffFilterQuery({ name: 'Olga', position_id: 0 })).toEqual({ name: 'Olga', position_id: 0 })
    expect(staffFilterQuery({ service_id: -1 })).toEqual({})
    expect(staffFilterQuery({ service_id: 31 })).toEqual({ service_id: 31 })
  })

  it('read the three-state form with its defaults, and ALL as -1 too', () => {
    const query = v.parse(staffListQuerySchema, { fired: '-1', user_linked: '0' })
    expect(query).toMatchObject({ fired: 2, deleted: 0, user_linked: 0, image: 2, tt_markup: 2 })
    expect(v.safeParse(staffListQuerySchema, { deleted: '3' }).success).toBe(false)
  })
})
