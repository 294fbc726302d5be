import { describe, expect, it } from 'vitest'
import type { Service } from '../../contract/services/schemas'
import {
  chainFormValuesOf,
  checkChainServiceForm,
  type ChainServiceFormValues,
} from '../../src/business/chain-services/chain-service-form'
import { chainRulesOf, withoutChainOwned } from '../../src/business/services/chain-rules'

const valid: ChainServiceFormValues = {
  title: " Women's haircut ",
  categoryTitle: 'Hair',
  hours: '1',
  minutes: '15',
  priceMin: '3100',
  priceMax: '',
  comment: 'Chain standard haircut',
  priceManaged: true,
  commentManaged: false,
  salonIds: [1, 2],
}

const problemsOf = (values: Partial<ChainServiceFormValues>) => {
  const checked = checkChainServiceForm({ ...valid, ...values })
  return checked.problems ? Object.keys(checked.problems).sort() : []
}

describe('the chain service form', () => {
  it('turns what the chain owner typed into the chain call: seconds, one price for an empty "up to"', () => {
    expect(checkChainServiceForm(valid)).toEqual({
      problems: null,
      draft: {
        title: "Women's haircut",
        category_title: 'Hair',
        duration: 4500,
        price_min: 3100,
        price_max: 3100,
        comment: 'Chain standard haircut',
        is_price_managed_only_in_chain: true,
        is_comment_managed_only_in_chain: false,
        salon_ids: [1, 2],
      },
    })
  })

  it('names every problem at once', () => {
    expect(problemsOf({ title: ' ', categoryTitle: '', minutes: '61', priceMax: '100' })).toEqual([
      'categoryTitle',
      'minutes',
      'priceMax',
      'title',
    ])
    expect(problemsOf({ hours: '0', minutes: '4' })).toEqual(['minutes'])
  })

  it('fills a new chain service with every salon offered, and an existing one from the chain', () => {
    expect(chainFormValuesOf(null, [4, 5]).salonIds).toEqual([4, 5])
    const values = chainFormValuesOf(
      {
        id: 1,
        group_id: 1,
        title: 'Cut',
        category_title: 'Hair',
        duration: 2700,
        price_min: 1000,
        price_max: 1000,
        comment: '',
        is_price_managed_only_in_chain: false,
        is_comment_managed_only_in_chain: true,
        version: 3,
        salon_ids: [5],
        salons: [],
      },
      [4, 5],
    )
    expect(values).toMatchObject({
      hours: '0',
      minutes: '45',
      priceMax: '',
      salonIds: [5],
      commentManaged: true,
    })
  })
})

describe("what the chain decides in a salon's service", () => {
  const copy = (fields: Partial<Service>) =>
    ({
      is_chain: true,
      salon_group_service_link: 7,
      salon_group_title: 'Beauty Line',
      chain_price_min: 2500,
      chain_price_max: 4000,
      is_price_managed_only_in_chain: false,
      is_comment_managed_only_in_chain: false,
      ...fields,
    }) as Service

  it('gives the range where the salon sets its price, and no range where the chain sets it', () => {
    expect(chainRulesOf(copy({}))).toMatchObject({
      linked: true,
      priceManaged: false,
      range: { min: 2500, max: 4000 },
    })
    expect(chainRulesOf(copy({ is_price_managed_only_in_chain: true }))).toMatchObject({
      priceManaged: true,
      range: null,
      chainTitle: 'Beauty Line',
    })
    expect(chainRulesOf(copy({ is_chain: false, salon_group_service_link: null }))).toMatchObject({
      linked: false,
      range: null,
    })
  })

  it("leaves out of a salon's save what the chain owns", () => {
    const draft = { title: 'Cut', price_min: 1, price_max: 2, comment: 'c', duration: 60 }
    expect(withoutChainOwned(draft, chainRulesOf(copy({ is_price_managed_only_in_chain: true })))).toEqual({
      comment: 'c',
      duration: 60,
    })
    expect(withoutChainOwned(draft, chainRulesOf(copy({ is_comment_managed_only_in_chain: true })))).toEqual({
      price_min: 1,
      price_max: 2,
      duration: 60,
    })
    expect(withoutChainOwned(draft, chainRulesOf(null))).toEqual(draft)
  })
})
