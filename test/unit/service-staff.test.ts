import { describe, expect, it } from 'vitest'
import { serviceSchema } from '../../contract/services/schemas'
import * as v from 'valibot'
import { checkStaffRows, staffRowsOf, type StaffRowValues } from '../../src/business/services/service-staff'
import { employeeReply, serviceReply } from '../support/catalogue-replies'

const maria = employeeReply(31, 'Maria Ivanova')
const olga = employeeReply(32, 'Olga Petrova')
const fired = { ...employeeReply(33, 'Former colleague'), fired: 1 as const, is_fired: true }

const link = (id: number, name: string, seance_length: number, price: number) => ({
  id,
  name,
  seance_length,
  price,
  technological_card_id: id === 31 ? 4 : null,
  image_url: '',
})
const haircut = v.parse(
  serviceSchema,
  serviceReply({
    id: 41,
    title: 'Haircut',
    category_id: 7,
    duration: 3600,
    price_min: 2000,
    price_max: 2500,
    staff: [link(31, 'Maria Ivanova', 4500, 2600), link(32, 'Olga Petrova', 3600, 2000)],
  }),
)

const row = (fields: Partial<StaffRowValues>): StaffRowValues => ({
  id: 31,
  name: 'Maria Ivanova',
  performs: true,
  technologicalCardId: null,
  hours: '',
  minutes: '',
  price: '',
  ...fields,
})

describe('the staff rows of the service form', () => {
  it("ticks who performs the service and fills only what differs from the service's", () => {
    expect(staffRowsOf(haircut, [maria, olga, fired])).toEqual([
      row({ technologicalCardId: 4, hours: '1', minutes: '15', price: '2600' }),
      row({ id: 32, name: 'Olga Petrova' }),
    ])
  })

  it('offers every working employee for a new service, none ticked', () => {
    expect(staffRowsOf(null, [maria, fired]).map(({ id, performs }) => ({ id, performs }))).toEqual([
      { id: 31, performs: false },
    ])
  })

  it('saves the ticked ones with their own duration and price, empty meaning the service’s', () => {
    const rows = [
      row({ technologicalCardId: 4, hours: '1', minutes: '15', price: '2600' }),
      row({ id: 32, name: 'Olga Petrova' }),
      row({ id: 33, performs: false, price: '10' }),
    ]
    expect(checkStaffRows(rows, true)).toEqual({
      staff: [
        { id: 31, technological_card_id: 4, seance_length: 4500, price: 2600 },
        { id: 32, technological_card_id: null, price: null },
      ],
      problems: new Map(),
    })
  })

  it('leaves the prices out for a user without the price right, so they stay as they are', () => {
    expect(checkStaffRows([row({ price: '2600' })], false).staff).toEqual([
      { id: 31, technological_card_id: null },
    ])
  })

  it('refuses a duration under 5 minutes or over a day, minutes over 59 and a price that is not whole', () => {
    const { problems } = checkStaffRows(
      [
        row({ id: 1, minutes: '4' }),
        row({ id: 2, hours: '25' }),
        row({ id: 3, minutes: '75' }),
        row({ id: 4, price: '12.5' }),
      ],
      true,
    )
    expect([...problems.entries()].map(([id, found]) => [id, Object.keys(found)])).toEqual([
      [1, ['minutes']],
      [2, ['minutes']],
      [3, ['minutes']],
      [4, ['price']],
    ])
  })
})
