import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ChainService } from '../../../contract/chain-services/schemas'
import type { ChainServiceDraft } from '../../../machines/chain-service-editor'
import { hoursAndMinutes, secondsOf } from '../services/service-format'

/** The chain service form as typed: numbers stay text until the form is checked. */
export interface ChainServiceFormValues {
  title: string
  categoryTitle: string
  hours: string
  minutes: string
  priceMin: string
  priceMax: string
  comment: string
  priceManaged: boolean
  commentManaged: boolean
  salonIds: number[]
}

export type ChainServiceFormField = keyof ChainServiceFormValues

/** The form of an existing chain service, or of a new one (one hour, in every salon offered). */
export function chainFormValuesOf(service: ChainService | null, salonIds: number[]): ChainServiceFormValues {
  if (!service) {
    return {
      title: '',
      categoryTitle: '',
      hours: '1',
      minutes: '0',
      priceMin: '',
      priceMax: '',
      comment: '',
      priceManaged: false,
      commentManaged: false,
      salonIds,
    }
  }
  const { hours, minutes } = hoursAndMinutes(service.duration)
  return {
    title: service.title,
    categoryTitle: service.category_title,
    hours: String(hours),
    minutes: String(minutes),
    priceMin: String(service.price_min),
    priceMax: service.price_max === service.price_min ? '' : String(service.price_max),
    comment: service.comment,
    priceManaged: service.is_price_managed_only_in_chain,
    commentManaged: service.is_comment_managed_only_in_chain,
    salonIds: service.salon_ids,
  }
}

const wholeNumber = (text: string): number | null =>
  /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null

/** Highest price the server takes (contract/chain-services/schemas.ts). */
const MAX_PRICE = 100_000_000
const DAY = 24 * 60 * 60

/**
 * Checks the form as the server will: a title and a category, a duration from five minutes to a day, the
 * chain's range as whole numbers with "up to" not below "from" (empty "up to": one price). Every problem at once.
 */
export function checkChainServiceForm(
  values: ChainServiceFormValues,
):
  | { draft: ChainServiceDraft; problems: null }
  | { draft: null; problems: Partial<Record<ChainServiceFormField, MessageDescriptor>> } {
  const problems: Partial<Record<ChainServiceFormField, MessageDescriptor>> = {}
  const title = values.title.trim()
  if (title === '') problems.title = msg`Enter the service's title.`
  else if (title.length > 255) problems.title = msg`A title can be at most 255 characters long.`
  const categoryTitle = values.categoryTitle.trim()
  if (categoryTitle === '') problems.categoryTitle = msg`Enter the category the salons list it under.`
  else if (categoryTitle.length > 255)
    problems.categoryTitle = msg`A title can be at most 255 characters long.`

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

  if (values.comment.length > 1000) problems.comment = msg`A comment can be at most 1000 characters long.`

  if (Object.keys(problems).length > 0) return { draft: null, problems }
  return {
    draft: {
      title,
      category_title: categoryTitle,
      duration: duration!,
      price_min: priceMin!,
      price_max: priceMax!,
      comment: values.comment,
      is_price_managed_only_in_chain: values.priceManaged,
      is_comment_managed_only_in_chain: values.commentManaged,
      salon_ids: values.salonIds,
    },
    problems: null,
  }
}

/** The form field a server field error belongs to (the reply names the API's fields). */
export const chainFormFieldOfApiField: Record<string, ChainServiceFormField> = {
  title: 'title',
  category_title: 'categoryTitle',
  duration: 'minutes',
  price_min: 'priceMin',
  price_max: 'priceMax',
  comment: 'comment',
  salon_ids: 'salonIds',
}
