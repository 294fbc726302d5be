import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Employee } from '../../../contract/staff/schemas'
import type { Service } from '../../../contract/services/schemas'
import type { ServiceStaffDraft } from '../../../machines/service-editor'
import { hoursAndMinutes, secondsOf } from './service-format'

/**
 * One employee in the service form: whether they perform the service and, if they differ from the service,
 * their own duration and price (empty: the service's). Numbers stay text until the form is checked.
 */
export interface StaffRowValues {
  id: number
  name: string
  performs: boolean
  /** Kept from the link as it was; the form does not change it. */
  technologicalCardId: number | null
  hours: string
  minutes: string
  price: string
}

export type StaffRowProblems = Partial<Record<'minutes' | 'price', MessageDescriptor>>

/**
 * The company's working employees, and anyone else the service is linked to, as form rows: those who perform
 * the service are ticked, with their own duration and price filled only where they differ from the service's.
 */
export function staffRowsOf(service: Service | null, employees: Employee[]): StaffRowValues[] {
  const links = new Map((service?.staff ?? []).map((link) => [link.id, link]))
  const working = employees.filter((employee) => employee.fired === 0 && employee.deleted === 0)
  const people = [
    ...working.map((employee) => ({ id: employee.id, name: employee.name })),
    ...[...links.values()].filter((link) => !working.some((employee) => employee.id === link.id)),
  ]
  return people.map(({ id, name }) => {
    const link = links.get(id)
    const ownDuration = link && service && link.seance_length !== service.duration ? link.seance_length : null
    const { hours, minutes } = hoursAndMinutes(ownDuration ?? 0)
    return {
      id,
      name,
      performs: link !== undefined,
      technologicalCardId: link?.technological_card_id ?? null,
      hours: ownDuration === null ? '' : String(hours),
      minutes: ownDuration === null ? '' : String(minutes),
      price: link && service && link.price !== service.price_min ? String(link.price) : '',
    }
  })
}

const wholeNumber = (text: string): number | null =>
  /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null

const DAY = 24 * 60 * 60
const MAX_PRICE = 100_000_000

/**
 * Checks the ticked rows: an own duration (either field filled) is whole hours and minutes, 5 minutes to a day;
 * an own price is a whole number. Answers the staff list to save, or each row's problems by employee id.
 * `withPrices` false leaves the prices out of the save, so that they stay as they are.
 */
export function checkStaffRows(
  rows: StaffRowValues[],
  withPrices: boolean,
): { staff: ServiceStaffDraft[]; problems: Map<number, StaffRowProblems> } {
  const staff: ServiceStaffDraft[] = []
  const problems = new Map<number, StaffRowProblems>()
  for (const row of rows.filter((candidate) => candidate.performs)) {
    const rowProblems: StaffRowProblems = {}
    let seanceLength: number | undefined
    if (row.hours.trim() !== '' || row.minutes.trim() !== '') {
      const hours = wholeNumber(row.hours || '0')
      const minutes = wholeNumber(row.minutes || '0')
      const seconds = hours === null || minutes === null || minutes > 59 ? null : secondsOf(hours, minutes)
      if (seconds === null)
        rowProblems.minutes = msg`Enter the duration as whole hours and minutes (0 to 59).`
      else if (seconds < 5 * 60) rowProblems.minutes = msg`A service lasts at least 5 minutes.`
      else if (seconds > DAY) rowProblems.minutes = msg`A service lasts at most 24 hours.`
      else seanceLength = seconds
    }
    const price = row.price.trim() === '' ? null : wholeNumber(row.price)
    if (price === null && row.price.trim() !== '') rowProblems.price = msg`Enter the price as a whole number.`
    else if (price !== null && price > MAX_PRICE) rowProblems.price = msg`Enter the price as a whole number.`
    if (Object.keys(rowProblems).length > 0) problems.set(row.id, rowProblems)
    staff.push({
      id: row.id,
      technological_card_id: row.technologicalCardId,
      ...(seanceLength === undefined ? {} : { seance_length: seanceLength }),
      ...(withPrices ? { price } : {}),
    })
  }
  return { staff, problems }
}
