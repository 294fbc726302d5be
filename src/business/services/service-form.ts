import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ServiceDraft } from '../../../machines/service-editor'
import type { Service } from '../../../contract/services/schemas'
import { hoursAndMinutes, secondsOf } from './service-format'

/** The service form as typed: numbers stay text until the form is checked, so a half-typed value is kept. */
export interface ServiceFormValues {
  title: string
  categoryId: string
  hours: string
  minutes: string
  priceMin: string
  priceMax: string
  breakMinutes: string
  isOnline: boolean
  active: boolean
  comment: string
}

export type ServiceFormField = keyof ServiceFormValues

/** The form of an existing service, or of a new one in `categoryId` (one hour, online, active). */
export function formValuesOf(service: Service | null, categoryId: number | null): ServiceFormValues {
  if (!service) {
    return {
      title: '',
      categoryId: categoryId === null ? '' : String(categoryId),
      hours: '1',
      minutes: '0',
      priceMin: '',
      priceMax: '',
      breakMinutes: '0',
      isOnline: true,
      active: true,
      comment: '',
    }
  }
  const { hours, minutes } = hoursAndMinutes(service.duration)
  return {
    title: service.title,
    categoryId: String(service.category_id),
    hours: String(hours),
    minutes: String(minutes),
    priceMin: String(service.price_min),
    priceMax: service.price_max === service.price_min ? '' : String(service.price_max),
    breakMinutes: String(Math.round(service.technical_break_duration / 60)),
    isOnline: service.is_online,
    active: service.active === 1,
    comment: service.comment,
  }
}

const wholeNumber = (text: string): number | null =>
  /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null

/** Highest price the server takes (contract/services/schemas.ts). */
const MAX_PRICE = 100_000_000
const DAY = 24 * 60 * 60

/**
 * Checks the form as the owner would expect and the server requires: a title, a category, a duration of at
 * least five minutes and at most a day, prices as whole numbers with "up to" not below "from" (an empty "up
 * to" is a single price), a technical break of whole minutes. Every field's problem is reported at once.
 */
export function checkServiceForm(
  values: ServiceFormValues,
):
  | { draft: ServiceDraft; problems: null }
  | { draft: null; problems: Partial<Record<ServiceFormField, MessageDescriptor>> } {
  const problems: Partial<Record<ServiceFormField, MessageDescriptor>> = {}
  const title = values.title.trim()
  if (title === '') problems.title = msg`Enter the service's title.`
  else if (title.length > 255) problems.title = msg`A title can be at most 255 characters long.`

  const categoryId = wholeNumber(values.categoryId)
  if (categoryId === null || categoryId === 0)
    problems.categoryId = msg`Choose the category the service belongs to.`

  const hours = wholeNumber(values.hours)
  const minutes = wholeNumber(values.minutes)
  const duration = hours === null || minutes === null || minutes > 59 ? null : secondsOf(hours, minutes)
  if (duration === null) problems.minutes = msg`Enter the duration as whole hours and minutes (0 to 59).`
  else if (duration < 5 * 60) problems.minutes = msg`A service lasts at least 5 minutes.`
  else if (duration > DAY) problems.minutes = msg`A service lasts at most 24 hours.`

  const priceMin = values.priceMin.trim() === '' ? 0 : wholeNumber(values.priceMin)
  const priceMax = values.priceMax.trim() === '' ? priceMin : wholeNumber(values.priceMax)
  if (priceMin === null || priceMin > MAX_PRICE) problems.priceMin = msg`Enter the price as a whole number.`
  if (priceMax === null || priceMax > MAX_PRICE) problems.priceMax = msg`Enter the price as a whole number.`
  else if (priceMin !== null && priceMax < priceMin)
    problems.priceMax = msg`The highest price cannot be below the lowest.`

  const breakMinutes = wholeNumber(values.breakMinutes || '0')
  if (breakMinutes === null || breakMinutes * 60 > DAY)
    problems.breakMinutes = msg`Enter the break in whole minutes, at most a day.`

  if (values.comment.length > 1000) problems.comment = msg`A comment can be at most 1000 characters long.`

  if (Object.keys(problems).length > 0) return { draft: null, problems }
  return {
    draft: {
      title,
      category_id: categoryId!,
      duration: duration!,
      price_min: priceMin!,
      price_max: priceMax!,
      technical_break_duration: breakMinutes! * 60,
      is_online: values.isOnline,
      active: values.active ? 1 : 0,
      comment: values.comment,
    },
    problems: null,
  }
}

/** The form field a server field error belongs to (the reply names the API's fields). */
export const formFieldOfApiField: Record<string, ServiceFormField> = {
  title: 'title',
  category_id: 'categoryId',
  duration: 'minutes',
  price_min: 'priceMin',
  price_max: 'priceMax',
  technical_break_duration: 'breakMinutes',
  comment: 'comment',
}
