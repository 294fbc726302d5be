import { describe, expect, it } from 'vitest'
import {
  checkServiceForm,
  formValuesOf,
  type ServiceFormValues,
} from '../../src/business/services/service-form'

const valid: ServiceFormValues = {
  title: "  Women's haircut ",
  categoryId: '7',
  hours: '1',
  minutes: '30',
  priceMin: '2500',
  priceMax: '4000',
  breakMinutes: '10',
  isOnline: true,
  active: false,
  comment: 'Wash included',
}

const problemsOf = (values: Partial<ServiceFormValues>) => {
  const checked = checkServiceForm({ ...valid, ...values })
  return checked.problems ? Object.keys(checked.problems).sort() : []
}

describe('the service form', () => {
  it('turns what the owner typed into the service call: seconds, whole prices, 0/1 for active', () => {
    expect(checkServiceForm(valid)).toEqual({
      problems: null,
      draft: {
        title: "Women's haircut",
        category_id: 7,
        duration: 5400,
        price_min: 2500,
        price_max: 4000,
        technical_break_duration: 600,
        is_online: true,
        active: 0,
        comment: 'Wash included',
      },
    })
  })

  it('reads an empty "up to" as one price and an empty "from" as free', () => {
    expect(checkServiceForm({ ...valid, priceMax: '' }).draft).toMatchObject({
      price_min: 2500,
      price_max: 2500,
    })
    expect(checkServiceForm({ ...valid, priceMin: '', priceMax: '' }).draft).toMatchObject({
      price_min: 0,
      price_max: 0,
    })
  })

  it('reports every field that is wrong at once', () => {
    expect(
      problemsOf({ title: '  ', categoryId: '', minutes: '75', priceMin: 'ten', breakMinutes: '-5' }),
    ).toEqual(['breakMinutes', 'categoryId', 'minutes', 'priceMin', 'title'])
  })

  it('keeps a service between five minutes and a day long', () => {
    expect(problemsOf({ hours: '0', minutes: '4' })).toEqual(['minutes'])
    expect(problemsOf({ hours: '0', minutes: '5' })).toEqual([])
    expect(problemsOf({ hours: '24', minutes: '0' })).toEqual([])
    expect(problemsOf({ hours: '24', minutes: '1' })).toEqual(['minutes'])
  })

  it('refuses a range whose top is below its bottom, and titles over 255 characters', () => {
    expect(problemsOf({ priceMin: '4000', priceMax: '2500' })).toEqual(['priceMax'])
    expect(problemsOf({ title: 'x'.repeat(255) })).toEqual([])
    expect(problemsOf({ title: 'x'.repeat(256) })).toEqual(['title'])
  })

  it('fills the form of a new service with one hour in the given category, online and active', () => {
    expect(formValuesOf(null, 3)).toMatchObject({
      categoryId: '3',
      hours: '1',
      minutes: '0',
      isOnline: true,
      active: true,
    })
    expect(formValuesOf(null, null).categoryId).toBe('')
  })
})
