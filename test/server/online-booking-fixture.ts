import { eq } from 'drizzle-orm'
import {
  onlineBookingConfirmedSchema,
  onlineBookingRequestSchema,
} from '../../contract/online-booking/schemas'
import { nextDate, wallClockOf, zonedInstant } from '../../contract/zoned-time'
import {
  companies,
  onlineBookings,
  serviceCategories,
  services,
  serviceStaff,
  staff,
  workingHoursExceptions,
} from '../../server/db/schema'
import { latestCodeTo, randomIp, type TestServer } from '../support/server-harness'
import { expectOk } from './business-api-helpers'

export const FIXTURE_TIME_ZONE = 'Europe/Moscow'

/**
 * A salon ready for online booking: the company in Moscow time, two staff members who both do one online service
 * and work 09:00-18:00 on `day` (three days ahead); `book` books a client through the public page, as a phone
 * would, and answers the booking's row, appointment and cancellation token.
 */
export async function onlineBookingSalon(server: TestServer, company: number) {
  await server.db.update(companies).set({ timezone: FIXTURE_TIME_ZONE }).where(eq(companies.id, company))
  const day = nextDate(wallClockOf(new Date(), FIXTURE_TIME_ZONE).date, 3)
  const [category] = await server.db
    .insert(serviceCategories)
    .values({ companyId: company, title: 'Reminder test' })
    .returning()
  const insertStaff = async (name: string, weight: number) =>
    (await server.db.insert(staff).values({ companyId: company, name, weight }).returning())[0]!.id
  const anna = await insertStaff('Anna Reminded', 1000)
  const boris = await insertStaff('Boris Reminded', 999)
  const [service] = await server.db
    .insert(services)
    .values({
      companyId: company,
      categoryId: category!.id,
      title: 'Evening haircut',
      duration: 1800,
      isOnline: true,
    })
    .returning()
  for (const staffId of [anna, boris]) {
    await server.db
      .insert(serviceStaff)
      .values({ companyId: company, serviceId: service!.id, staffId, seanceLength: 1800 })
    await server.db
      .insert(workingHoursExceptions)
      .values({ companyId: company, staffId, date: day, intervals: [{ start: '09:00', end: '18:00' }] })
  }
  const at = (time: string) => {
    const [hours, minutes] = time.split(':').map(Number)
    return zonedInstant(day, hours! * 60 + minutes!, FIXTURE_TIME_ZONE)!
  }
  const publicPost = (url: string, body: object) =>
    server.app.inject({ method: 'POST', url: `/api/v1${url}`, remoteAddress: randomIp(), payload: body })

  /** Books `time` on `day` with a staff member for a client with this phone, on a page in `language`. */
  const book = async (options: {
    time: string
    phone: string
    language: string
    staffId?: number
    email?: string
  }) => {
    const asked = expectOk(
      await publicPost(`/b2c/${company}/requests`, {
        service_ids: [service!.id],
        staff_id: options.staffId ?? anna,
        name: `Client ${options.phone.slice(-4)}`,
        phone: `+${options.phone}`,
        start_at: at(options.time).toISOString(),
        language: options.language,
        ...(options.email ? { email: options.email } : {}),
      }),
      onlineBookingRequestSchema,
      201,
    )
    const code = await latestCodeTo(server.app, options.email ?? options.phone)
    const confirmed = expectOk(
      await publicPost(`/b2c/${company}/requests/${asked.request_id}/confirm`, { code }),
      onlineBookingConfirmedSchema,
      201,
    )
    const [row] = await server.db.select().from(onlineBookings).where(eq(onlineBookings.id, asked.request_id))
    return { row: row!, token: confirmed.cancel_token, startAt: at(options.time) }
  }
  return { day, anna, boris, serviceId: service!.id, at, book }
}
