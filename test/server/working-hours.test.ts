import { and, asc, desc, eq, isNull, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  companyWorkingHoursSchema,
  staffWorkingHoursListSchema,
  staffWorkingHoursSchema,
  type CompanyWorkingHours,
  type CompanyWorkingHoursBody,
} from '../../contract/working-hours/schemas'
import { fullWeek, weekdays, type WorkDay } from '../../contract/working-hours/week'
import {
  auditLog,
  companies,
  companyUsers,
  staff,
  users,
  workingHours,
  workingWeeks,
} from '../../server/db/schema'
import {
  bearer,
  createTestServer,
  DEMO,
  json,
  testDatabases,
  type TestServer,
} from '../support/server-harness'
import {
  addMember,
  call,
  demoCompanies,
  expectInvalid,
  expectOk,
  type DemoCompanies,
} from './business-api-helpers'

const salonUrl = (companyId: number) => `/company/${companyId}/working_hours`
const staffListUrl = (companyId: number) => `/company/${companyId}/staff_working_hours`
const staffUrl = (companyId: number, staffId: number | string) =>
  `/company/${companyId}/staff/${staffId}/working_hours`

const stretch = (start: string, end: string) => ({ start, end })
const emptyWeek = fullWeek([])

/** The demo salons' seeded opening hours (server/seed/working-hours-demo.ts). */
const SEEDED_SALON_WEEK = fullWeek([
  ...([1, 2, 3, 4, 5] as const).map((weekday) => ({ weekday, intervals: [stretch('10:00', '21:00')] })),
  { weekday: 6, intervals: [stretch('10:00', '18:00')] },
  { weekday: 7, intervals: [stretch('10:00', '18:00')] },
])

/**
 * Ten weeks that differ on every day they name and in how many days they name, so that any mix or union of two of
 * them equals none of them.
 */
const tenWeeks = Array.from({ length: 10 }, (_, index) => {
  const hour = String(index + 8).padStart(2, '0')
  const days: WorkDay[] = weekdays
    .filter((weekday) => weekday <= (index % 7) + 1 || weekday === 7)
    .map((weekday) => ({
      weekday,
      intervals: [stretch(`${hour}:00`, `${hour}:${String(weekday * 5).padStart(2, '0')}`)],
    }))
  return { days }
})

describe.each(testDatabases())('working hours (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
  })
  afterAll(() => server.close())

  const readSalon = async (companyId: number, token = demo.demoToken) =>
    expectOk(await call(server, 'GET', salonUrl(companyId), { token }), companyWorkingHoursSchema)
  const readStaff = async (companyId: number, token = demo.demoToken) =>
    expectOk(await call(server, 'GET', staffListUrl(companyId), { token }), staffWorkingHoursListSchema)
  const auditCount = async (companyId: number, action: string) =>
    (
      await server.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.companyId, companyId), like(auditLog.action, action)))
    ).length

  /** A new salon of the demo owner that has never saved its hours, in a time zone of its own. */
  async function freshSalon(): Promise<number> {
    const [owner] = await server.db.select().from(users).where(eq(users.email, DEMO.email))
    const [company] = await server.db
      .insert(companies)
      .values({
        title: `Fresh salon ${Math.random()}`,
        countryId: 1,
        timezone: 'Asia/Yekaterinburg',
        currencyShortTitle: 'RUB',
      })
      .returning()
    await server.db
      .insert(companyUsers)
      .values({ companyId: company!.id, userId: owner!.id, userRole: 'owner' })
    return company!.id
  }

  /** A staff member of the salon, neither fired nor deleted, who follows the salon's hours. */
  async function member(companyId: number, token = demo.demoToken) {
    const entry = (await readStaff(companyId, token)).find((week) => week.follows_company)
    if (!entry) throw new Error(`no staff member of company ${companyId} follows its hours`)
    return entry.staff_id
  }

  it('answers a salon that never saved its hours as an empty week that is not set, then keeps what is saved', async () => {
    const companyId = await freshSalon()
    expect(await readSalon(companyId)).toEqual({
      days: emptyWeek,
      is_set: false,
      timezone: 'Asia/Yekaterinburg',
    })
    // Days out of order, stretches out of order within a day, Tuesday and the weekend left out.
    const body = {
      days: [
        { weekday: 3, intervals: [stretch('15:00', '20:00'), stretch('09:00', '13:30')] },
        { weekday: 1, intervals: [stretch('09:00', '18:00')] },
        { weekday: 4, intervals: [stretch('00:00', '24:00')] },
        { weekday: 5, intervals: [] },
      ],
    }
    const saved = expectOk(
      await call(server, 'PUT', salonUrl(companyId), { token: demo.demoToken, body }),
      companyWorkingHoursSchema,
    )
    const expected: CompanyWorkingHours = {
      days: [
        { weekday: 1, intervals: [stretch('09:00', '18:00')] },
        { weekday: 2, intervals: [] },
        { weekday: 3, intervals: [stretch('09:00', '13:30'), stretch('15:00', '20:00')] },
        { weekday: 4, intervals: [stretch('00:00', '24:00')] },
        { weekday: 5, intervals: [] },
        { weekday: 6, intervals: [] },
        { weekday: 7, intervals: [] },
      ],
      is_set: true,
      timezone: 'Asia/Yekaterinburg',
    }
    expect(saved).toEqual(expected)
    expect(await readSalon(companyId)).toEqual(expected)
    expect(await auditCount(companyId, 'working_hours_updated')).toBe(1)

    // A second save replaces the whole week: Monday and Thursday, not named again, become days off.
    await call(server, 'PUT', salonUrl(companyId), {
      token: demo.demoToken,
      body: { days: [{ weekday: 7, intervals: [stretch('12:00', '16:00')] }] },
    })
    expect(await readSalon(companyId)).toEqual({
      ...expected,
      days: fullWeek([{ weekday: 7, intervals: [stretch('12:00', '16:00')] }]),
    })
    expect(await auditCount(companyId, 'working_hours_updated')).toBe(2)
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'working_hours_updated')))
      .orderBy(desc(auditLog.id))
    expect(entry!.details).toEqual({
      entity_id: companyId,
      changes: { days: [{ weekday: 7, intervals: [stretch('12:00', '16:00')] }] },
    })
  })

  it('gives every demo salon its opening hours, and serves them under /api/v2 as well', async () => {
    for (const companyId of [demo.tverskaya, demo.arbat]) {
      expect(await readSalon(companyId)).toEqual({
        days: SEEDED_SALON_WEEK,
        is_set: true,
        timezone: 'Europe/Moscow',
      })
    }
    const v2 = await server.app.inject({
      method: 'GET',
      url: `/api/v2${salonUrl(demo.northern)}`,
      headers: bearer(demo.otherToken),
    })
    expect(expectOk(v2, companyWorkingHoursSchema).days).toEqual(SEEDED_SALON_WEEK)
  })

  it("lists the working staff in the staff list's order, each with their own week or the salon's", async () => {
    const companyId = demo.tverskaya
    const [fired] = await server.db
      .insert(staff)
      .values({ companyId, name: 'Fired Stylist', fired: 1, weight: 100 })
      .returning()
    const [deleted] = await server.db
      .insert(staff)
      .values({ companyId, name: 'Deleted Stylist', deleted: 1, weight: 100 })
      .returning()
    const working = await server.db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.companyId, companyId), eq(staff.fired, 0), eq(staff.deleted, 0)))
      .orderBy(desc(staff.weight), asc(staff.id))
    const list = await readStaff(companyId)
    expect(list.map((week) => week.staff_id)).toEqual(working.map((row) => row.id))
    expect(list.map((week) => week.staff_id)).not.toContain(fired!.id)
    expect(list.map((week) => week.staff_id)).not.toContain(deleted!.id)
    // The seed gives one colorist a week of her own with a split Wednesday; everyone else follows the salon.
    const [own] = list.filter((week) => !week.follows_company)
    expect(list.filter((week) => !week.follows_company)).toHaveLength(1)
    expect(own!.days[2]!.intervals).toEqual([stretch('10:00', '14:00'), stretch('16:00', '21:00')])
    for (const week of list.filter((entry) => entry.follows_company))
      expect(week.days).toEqual(SEEDED_SALON_WEEK)
  })

  it('gives a staff member a week of their own, keeps an empty one as a leave, and lets them follow the salon again', async () => {
    const companyId = demo.tverskaya
    const staffId = await member(companyId)
    const others = (await readStaff(companyId)).filter((week) => week.staff_id !== staffId)
    const own = {
      days: [
        { weekday: 2, intervals: [stretch('14:00', '20:00'), stretch('08:00', '12:00')] },
        { weekday: 6, intervals: [stretch('10:00', '16:00')] },
      ],
    }
    const saved = expectOk(
      await call(server, 'PUT', staffUrl(companyId, staffId), { token: demo.demoToken, body: own }),
      staffWorkingHoursSchema,
    )
    const ownWeek = fullWeek([
      { weekday: 2, intervals: [stretch('08:00', '12:00'), stretch('14:00', '20:00')] },
      { weekday: 6, intervals: [stretch('10:00', '16:00')] },
    ])
    expect(saved).toEqual({ staff_id: staffId, follows_company: false, days: ownWeek })
    const listed = await readStaff(companyId)
    expect(listed.find((week) => week.staff_id === staffId)).toEqual(saved)
    expect(listed.filter((week) => week.staff_id !== staffId)).toEqual(others)

    // A week without work is the member's own (a leave), not a return to the salon's hours.
    const leave = expectOk(
      await call(server, 'PUT', staffUrl(companyId, staffId), { token: demo.demoToken, body: { days: [] } }),
      staffWorkingHoursSchema,
    )
    expect(leave).toEqual({ staff_id: staffId, follows_company: false, days: emptyWeek })
    expect((await readStaff(companyId)).find((week) => week.staff_id === staffId)).toEqual(leave)

    // The salon's hours change under those who follow them, not under those with a week of their own.
    const salonBefore = await readSalon(companyId)
    const shorter: CompanyWorkingHoursBody = {
      days: [{ weekday: 1, intervals: [stretch('11:00', '19:00')] }],
    }
    await call(server, 'PUT', salonUrl(companyId), { token: demo.demoToken, body: shorter })
    const afterSalonChange = await readStaff(companyId)
    for (const week of afterSalonChange.filter((entry) => entry.follows_company)) {
      expect(week.days).toEqual(fullWeek(shorter.days))
    }
    expect(afterSalonChange.find((week) => week.staff_id === staffId)).toEqual(leave)

    const followed = expectOk(
      await call(server, 'DELETE', staffUrl(companyId, staffId), { token: demo.demoToken }),
      staffWorkingHoursSchema,
    )
    expect(followed).toEqual({ staff_id: staffId, follows_company: true, days: fullWeek(shorter.days) })
    expect((await readStaff(companyId)).find((week) => week.staff_id === staffId)).toEqual(followed)
    // Dropping a week that is not there any more changes nothing and answers the same.
    const again = await call(server, 'DELETE', staffUrl(companyId, staffId), { token: demo.demoToken })
    expect(expectOk(again, staffWorkingHoursSchema)).toEqual(followed)
    const headers = await server.db
      .select()
      .from(workingWeeks)
      .where(and(eq(workingWeeks.companyId, companyId), eq(workingWeeks.staffId, staffId)))
    expect(headers).toEqual([])

    expect(
      await server.db
        .select({ action: auditLog.action, details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.companyId, companyId), like(auditLog.action, 'staff_working_hours_%')))
        .orderBy(asc(auditLog.id)),
    ).toEqual([
      { action: 'staff_working_hours_updated', details: { entity_id: staffId, changes: own } },
      { action: 'staff_working_hours_updated', details: { entity_id: staffId, changes: { days: [] } } },
      { action: 'staff_working_hours_deleted', details: { entity_id: staffId } },
    ])
    await call(server, 'PUT', salonUrl(companyId), {
      token: demo.demoToken,
      body: { days: salonBefore.days },
    })
  })

  it("answers 404 for another salon's staff member, a deleted or an unknown one, and changes nothing", async () => {
    const companyId = demo.tverskaya
    // The demo owner owns Arbat too: its staff ids must still not be reached through Tverskaya's path.
    const arbatMember = await member(demo.arbat)
    const [gone] = await server.db
      .insert(staff)
      .values({ companyId, name: 'Gone Stylist', deleted: 1 })
      .returning()
    const tverskayaBefore = await readStaff(companyId)
    const arbatBefore = await readStaff(demo.arbat)
    const weeksBefore = await server.db.select().from(workingWeeks).orderBy(asc(workingWeeks.id))
    const body = { days: [{ weekday: 1, intervals: [stretch('09:00', '10:00')] }] }
    for (const staffId of [arbatMember, gone!.id, 999_999_999]) {
      const put = await call(server, 'PUT', staffUrl(companyId, staffId), { token: demo.demoToken, body })
      expect(put.statusCode, `PUT staff ${staffId}`).toBe(404)
      expect(json(put).data).toBeNull()
      const drop = await call(server, 'DELETE', staffUrl(companyId, staffId), { token: demo.demoToken })
      expect(drop.statusCode, `DELETE staff ${staffId}`).toBe(404)
    }
    expect(await readStaff(companyId)).toEqual(tverskayaBefore)
    expect(await readStaff(demo.arbat)).toEqual(arbatBefore)
    expect(await server.db.select().from(workingWeeks).orderBy(asc(workingWeeks.id))).toEqual(weeksBefore)
    for (const bad of ['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999999']) {
      const response = await call(server, 'PUT', staffUrl(companyId, bad), { token: demo.demoToken, body })
      expectInvalid(response, ['staffId'])
    }
  })

  it('refuses a week that breaks the rules with 422 and a message per field, and changes nothing', async () => {
    const companyId = demo.tverskaya
    const salonBefore = await readSalon(companyId)
    const staffId = await member(companyId)
    const staffBefore = await readStaff(companyId)
    const auditBefore = await auditCount(companyId, '%working_hours%')
    const monday = (intervals: unknown[]) => ({ days: [{ weekday: 1, intervals }] })
    const cases: [string, unknown, string[]][] = [
      ['an end before its start', monday([stretch('18:00', '09:00')]), ['days.0']],
      ['an end equal to its start', monday([stretch('09:00', '09:00')]), ['days.0']],
      ['overlapping stretches', monday([stretch('09:00', '13:00'), stretch('12:00', '18:00')]), ['days.0']],
      ['touching stretches', monday([stretch('09:00', '13:00'), stretch('13:00', '18:00')]), ['days.0']],
      ['25:00', monday([stretch('09:00', '25:00')]), ['days.0.intervals.0.end']],
      ['9:30 without its leading zero', monday([stretch('9:30', '18:00')]), ['days.0.intervals.0.start']],
      ['24:30', monday([stretch('09:00', '24:30')]), ['days.0.intervals.0.end']],
      ['a time that is a number', monday([{ start: 900, end: '18:00' }]), ['days.0.intervals.0.start']],
      ['weekday 0', { days: [{ weekday: 0, intervals: [stretch('09:00', '18:00')] }] }, ['days.0.weekday']],
      ['weekday 8', { days: [{ weekday: 8, intervals: [stretch('09:00', '18:00')] }] }, ['days.0.weekday']],
      [
        'a weekday twice',
        {
          days: [
            { weekday: 2, intervals: [stretch('09:00', '12:00')] },
            { weekday: 2, intervals: [stretch('14:00', '18:00')] },
          ],
        },
        ['days'],
      ],
      [
        'five stretches in a day',
        monday(['08', '10', '12', '14', '16'].map((hour) => stretch(`${hour}:00`, `${hour}:30`))),
        ['days.0.intervals'],
      ],
      ['an unknown field', { ...monday([stretch('09:00', '18:00')]), colour: 'red' }, ['colour']],
      [
        'an unknown field in a day',
        { days: [{ weekday: 1, intervals: [stretch('09:00', '18:00')], note: 'x' }] },
        ['days.0.note'],
      ],
      [
        'an unknown field in a stretch',
        monday([{ ...stretch('09:00', '18:00'), paid: true }]),
        ['days.0.intervals.0.paid'],
      ],
      ['no days at all', {}, ['days']],
      ['days that are not a list', { days: 'Monday' }, ['days']],
    ]
    for (const [name, body, fields] of cases) {
      const salon = await call(server, 'PUT', salonUrl(companyId), { token: demo.demoToken, body })
      expectInvalid(salon, fields)
      expect(json(salon).meta.errors[fields[0]!], name).toEqual([expect.any(String)])
      const own = await call(server, 'PUT', staffUrl(companyId, staffId), { token: demo.demoToken, body })
      expectInvalid(own, fields)
    }
    // A salon is open on at least one day; a staff member's week may be empty (that is a leave).
    for (const body of [{ days: [] }, { days: [{ weekday: 3, intervals: [] }] }]) {
      expectInvalid(await call(server, 'PUT', salonUrl(companyId), { token: demo.demoToken, body }), ['days'])
    }
    expect(
      (await call(server, 'PUT', salonUrl(companyId), { token: demo.demoToken, body: [1] })).statusCode,
    ).toBe(422)
    expect(await readSalon(companyId)).toEqual(salonBefore)
    expect(await readStaff(companyId)).toEqual(staffBefore)
    expect(await auditCount(companyId, '%working_hours%')).toBe(auditBefore)
  })

  it('lets a member who sees the timetable read the hours, and only the right editor change them', async () => {
    const companyId = demo.tverskaya
    const staffId = await member(companyId)
    const salonBefore = await readSalon(companyId)
    const staffBefore = await readStaff(companyId)
    const week: CompanyWorkingHoursBody = { days: [{ weekday: 1, intervals: [stretch('09:00', '12:00')] }] }
    const attempt = (token: string) => ({
      salon: () => call(server, 'PUT', salonUrl(companyId), { token, body: week }),
      own: () => call(server, 'PUT', staffUrl(companyId, staffId), { token, body: week }),
      drop: () => call(server, 'DELETE', staffUrl(companyId, staffId), { token }),
    })

    const reader = await addMember(server, companyId, { overrides: { timetable_access: true } })
    expect(await readSalon(companyId, reader.token)).toEqual(salonBefore)
    expect(await readStaff(companyId, reader.token)).toEqual(staffBefore)
    const asReader = attempt(reader.token)
    for (const write of [asReader.salon, asReader.own, asReader.drop]) {
      const response = await write()
      expect(response.statusCode).toBe(403)
      expect(json(response).data).toBeNull()
    }

    // Any member reads the opening hours (a booking page shows them to everyone); the staff's weeks need the
    // timetable.
    const blind = await addMember(server, companyId, { overrides: { timetable_access: false } })
    expect(await readSalon(companyId, blind.token)).toEqual(salonBefore)
    expect((await call(server, 'GET', staffListUrl(companyId), { token: blind.token })).statusCode).toBe(403)
    expect(await readSalon(companyId)).toEqual(salonBefore)
    expect(await readStaff(companyId)).toEqual(staffBefore)

    // The salon's hours are a timetable setting; a staff member's week belongs to the schedule.
    const settingsEditor = attempt(
      (await addMember(server, companyId, { overrides: { timetable_settings_edit_access: true } })).token,
    )
    expect((await settingsEditor.own()).statusCode).toBe(403)
    expect((await settingsEditor.drop()).statusCode).toBe(403)
    expect((await settingsEditor.salon()).statusCode).toBe(200)
    expect((await readSalon(companyId)).days).toEqual(fullWeek(week.days))

    const scheduleEditor = attempt(
      (await addMember(server, companyId, { overrides: { timetable_schedule_edit_access: true } })).token,
    )
    expect((await scheduleEditor.salon()).statusCode).toBe(403)
    expect((await scheduleEditor.own()).statusCode).toBe(200)
    expect((await readStaff(companyId)).find((entry) => entry.staff_id === staffId)?.follows_company).toBe(
      false,
    )
    expect((await scheduleEditor.drop()).statusCode).toBe(200)
    expect((await readStaff(companyId)).find((entry) => entry.staff_id === staffId)?.follows_company).toBe(
      true,
    )

    await call(server, 'PUT', salonUrl(companyId), {
      token: demo.demoToken,
      body: { days: salonBefore.days },
    })
  })

  it("leaves exactly one of ten weeks saved at once, never a mix, in one header (the salon's)", async () => {
    const companyId = await freshSalon()
    const replies = await Promise.all(
      tenWeeks.map((body) => call(server, 'PUT', salonUrl(companyId), { token: demo.demoToken, body })),
    )
    // Each save answers its own week: it is read back while the save still holds the week.
    replies.forEach((reply, index) =>
      expect(expectOk(reply, companyWorkingHoursSchema).days).toEqual(fullWeek(tenWeeks[index]!.days)),
    )
    const final = (await readSalon(companyId)).days
    expect(
      tenWeeks.filter((body) => JSON.stringify(fullWeek(body.days)) === JSON.stringify(final)),
    ).toHaveLength(1)
    const headers = await server.db
      .select()
      .from(workingWeeks)
      .where(and(eq(workingWeeks.companyId, companyId), isNull(workingWeeks.staffId)))
    expect(headers).toHaveLength(1)
    const stretches = await server.db.select().from(workingHours).where(eq(workingHours.companyId, companyId))
    expect(stretches.every((row) => row.weekId === headers[0]!.id)).toBe(true)
    expect(await auditCount(companyId, 'working_hours_updated')).toBe(10)
  })

  it("leaves exactly one of ten weeks saved at once, never a mix, in one header (a staff member's)", async () => {
    const companyId = demo.northern
    const staffId = await member(companyId, demo.otherToken)
    const replies = await Promise.all(
      tenWeeks.map((body) =>
        call(server, 'PUT', staffUrl(companyId, staffId), { token: demo.otherToken, body }),
      ),
    )
    replies.forEach((reply, index) =>
      expect(expectOk(reply, staffWorkingHoursSchema).days).toEqual(fullWeek(tenWeeks[index]!.days)),
    )
    const final = (await readStaff(companyId, demo.otherToken)).find((week) => week.staff_id === staffId)!
    expect(final.follows_company).toBe(false)
    expect(
      tenWeeks.filter((body) => JSON.stringify(fullWeek(body.days)) === JSON.stringify(final.days)),
    ).toHaveLength(1)
    const headers = await server.db
      .select()
      .from(workingWeeks)
      .where(and(eq(workingWeeks.companyId, companyId), eq(workingWeeks.staffId, staffId)))
    expect(headers).toHaveLength(1)
  })
})
