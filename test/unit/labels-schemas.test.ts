import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { labelCreateSchema, labelListQuerySchema, LabelEntity } from '../../contract/labels/schemas'
import { rightFlags } from '../../contract/access/rights-catalogue'
import { rightsForRole } from '../../contract/access/role-presets'
import { companySchema } from '../../contract/companies/schemas'
import { rightsInputSchema } from '../../contract/rights/schemas'

describe('the label contract', () => {
  it('knows the four entities of the specification', () => {
    expect(LabelEntity).toEqual({ common: 0, client: 1, record: 2, activity: 3 })
    expect(v.parse(labelListQuerySchema, { 'filter[entity]': '3' })['filter[entity]']).toBe(3)
  })

  it('normalises colours and leaves a font colour not sent to the server, which picks one that reads', () => {
    expect(v.parse(labelCreateSchema, { title: ' VIP ', color: '#ABCDEF', entity: 1 })).toEqual({
      title: 'VIP',
      color: '#abcdef',
      icon: '',
      entity: 1,
    })
    expect(v.safeParse(labelCreateSchema, { title: 'x', color: 'red', entity: 4 }).success).toBe(false)
  })
})

describe('the rights object on the company', () => {
  it('requires every flag and limit of the catalogue', () => {
    const company = {
      id: 1,
      title: 'Salon',
      type: 'salon',
      main_group_id: null,
      country_id: 1,
      timezone: 'Europe/Moscow',
      currency_short_title: 'RUB',
      user_role: 'manager',
      position_id: null,
      access: rightsForRole('manager'),
    }
    expect(v.parse(companySchema, company).access.users_rights_edit_access).toBe(false)
    const { [rightFlags[0]!]: _dropped, ...incomplete } = company.access
    expect(v.safeParse(companySchema, { ...company, access: incomplete }).success).toBe(false)
  })

  it('accepts only known rights in a change', () => {
    expect(v.parse(rightsInputSchema, { rights: { clients_access: true } })).toEqual({ clients_access: true })
    expect(v.safeParse(rightsInputSchema, { rights: { made_up_access: true } }).success).toBe(false)
  })
})
