import { and, eq, sql } from 'drizzle-orm'
import { hashPassword } from '../auth/passwords'
import { ADVISORY_LOCK_KEYS } from '../db/advisory-locks'
import type { Database } from '../db/database'
import { seedAppointmentsDemo } from './appointments-demo'
import { seedBusinessDataDemo } from './business-data-demo'
import { seedClientsDemo } from './clients-demo'
import { seedChainCatalogueDemo } from './chain-catalogue-demo'
import {
  companies,
  companyGroups,
  companyUsers,
  positions,
  serviceCategories,
  services,
  staff,
  users,
  userSecurity,
} from '../db/schema'
import { seedStaffServicesDemo } from './staff-services-demo'
import { seedWorkingHoursDemo } from './working-hours-demo'

/** The accounts main.ts prints at start in development. */
export const DEMO_ACCOUNTS = [
  { email: 'demo@example.com', password: 'demo12345', company: 'Beauty Line — Tverskaya' },
  { email: 'other@example.com', password: 'demo12345', company: 'Northern Barbers' },
  {
    email: 'twofa@example.com',
    password: 'demo12345',
    company: 'Northern Barbers (administrator, e-mail code at sign-in)',
  },
  {
    email: 'master@example.com',
    password: 'demo12345',
    company:
      'Beauty Line — Tverskaya (specialist: sees the services, categories and staff, cannot change them)',
  },
  {
    email: 'support@example.com',
    password: 'demo12345',
    company: 'no company: support staff who sign in as a customer to help them, and return',
  },
] as const

const MINUTE = 60

/** One owner's business: a single salon, or a chain (company group) of salons. */
interface BusinessSeed {
  groupTitle: string | null
  owner: { name: string; email: string; phone: string }
  salons: SalonSeed[]
}

interface SalonSeed {
  title: string
  positions: string[]
  staff: { name: string; specialization: string; position: string }[]
  categories: {
    title: string
    services: { title: string; priceMin: number; priceMax: number; minutes: number }[]
  }[]
}

const BEAUTY_LINE_TVERSKAYA: SalonSeed = {
  title: 'Beauty Line — Tverskaya',
  positions: ['Stylist', 'Colorist', 'Manicurist', 'Administrator'],
  staff: [
    { name: 'Maria Ivanova', specialization: 'Senior stylist', position: 'Stylist' },
    { name: 'Olga Petrova', specialization: 'Colorist', position: 'Colorist' },
    { name: 'Elena Smirnova', specialization: 'Nail artist', position: 'Manicurist' },
    { name: 'Irina Volkova', specialization: 'Front desk', position: 'Administrator' },
  ],
  categories: [
    {
      title: 'Hair',
      services: [
        { title: "Women's haircut", priceMin: 2500, priceMax: 4000, minutes: 60 },
        { title: "Men's haircut", priceMin: 1500, priceMax: 1500, minutes: 45 },
        { title: 'Blow-dry styling', priceMin: 1800, priceMax: 2500, minutes: 45 },
      ],
    },
    {
      title: 'Colouring',
      services: [
        { title: 'Single-process colour', priceMin: 4500, priceMax: 7000, minutes: 120 },
        { title: 'Balayage', priceMin: 9000, priceMax: 14000, minutes: 210 },
      ],
    },
    {
      title: 'Nails',
      services: [
        { title: 'Classic manicure', priceMin: 1200, priceMax: 1200, minutes: 60 },
        { title: 'Gel polish manicure', priceMin: 2200, priceMax: 2800, minutes: 90 },
      ],
    },
  ],
}

const BEAUTY_LINE_ARBAT: SalonSeed = {
  title: 'Beauty Line — Arbat',
  positions: ['Stylist', 'Cosmetologist', 'Administrator'],
  staff: [
    { name: 'Svetlana Morozova', specialization: 'Stylist', position: 'Stylist' },
    { name: 'Tatiana Lebedeva', specialization: 'Cosmetologist', position: 'Cosmetologist' },
    { name: 'Polina Kozlova', specialization: 'Front desk', position: 'Administrator' },
  ],
  categories: [
    {
      title: 'Hair',
      services: [
        { title: "Women's haircut", priceMin: 2500, priceMax: 4000, minutes: 60 },
        { title: 'Blow-dry styling', priceMin: 1800, priceMax: 2500, minutes: 45 },
      ],
    },
    {
      title: 'Skin care',
      services: [
        { title: 'Facial cleansing', priceMin: 3500, priceMax: 4500, minutes: 75 },
        { title: 'Chemical peel', priceMin: 4000, priceMax: 6000, minutes: 60 },
      ],
    },
  ],
}

const BEAUTY_LINE: BusinessSeed = {
  groupTitle: 'Beauty Line',
  owner: { name: 'Anna Demo', email: 'demo@example.com', phone: '79001234567' },
  salons: [BEAUTY_LINE_TVERSKAYA, BEAUTY_LINE_ARBAT],
}

const NORTHERN_BARBERS_SALON: SalonSeed = {
  title: 'Northern Barbers',
  positions: ['Barber', 'Administrator'],
  staff: [
    { name: 'Dmitry Sokolov', specialization: 'Barber', position: 'Barber' },
    { name: 'Artem Kuznetsov', specialization: 'Junior barber', position: 'Barber' },
    { name: 'Nina Orlova', specialization: 'Front desk', position: 'Administrator' },
  ],
  categories: [
    {
      title: 'Barbering',
      services: [
        { title: 'Classic haircut', priceMin: 1800, priceMax: 1800, minutes: 45 },
        { title: 'Beard trim', priceMin: 900, priceMax: 1200, minutes: 30 },
        { title: 'Haircut and beard', priceMin: 2500, priceMax: 2700, minutes: 75 },
        { title: 'Hot towel shave', priceMin: 1500, priceMax: 1500, minutes: 40 },
      ],
    },
  ],
}

const NORTHERN_BARBERS: BusinessSeed = {
  groupTitle: null,
  owner: { name: 'Oleg Other', email: 'other@example.com', phone: '79007654321' },
  salons: [NORTHERN_BARBERS_SALON],
}

/**
 * Fills an empty database with two unrelated companies and their owners, so a developer can sign in at once.
 * Idempotent: does nothing when the first demo account already exists. Both owners share one password hash,
 * which saves an argon2 computation on every fresh test database.
 */
export async function seedDemo(db: Database): Promise<{ seeded: boolean }> {
  if (await demoAccountExists(db)) return { seeded: false }
  const passwordHash = await hashPassword(DEMO_ACCOUNTS[0].password)
  return db.transaction(async (tx) => {
    // Instances starting together on an empty database: the first seeds, the others wait and then find it done.
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_KEYS.demoSeed})`)
    if (await demoAccountExists(tx)) return { seeded: false }
    await seedBusiness(tx, BEAUTY_LINE, passwordHash)
    await seedBusiness(tx, NORTHERN_BARBERS, passwordHash)
    await seedStaffServicesDemo(tx)
    await seedChainCatalogueDemo(tx)
    await seedTwoFactorAccount(tx, passwordHash)
    await seedSpecialistAccount(tx, passwordHash)
    await seedSupportAccount(tx, passwordHash)
    await seedBusinessDataDemo(tx)
    await seedClientsDemo(tx)
    await seedWorkingHoursDemo(
      tx,
      [BEAUTY_LINE, NORTHERN_BARBERS].flatMap((business) => business.salons.map((salon) => salon.title)),
    )
    await seedAppointmentsDemo(tx)
    return { seeded: true }
  })
}

/** True when the first demo account is present (main.ts then prints the demo credentials). */
export async function demoAccountExists(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, BEAUTY_LINE.owner.email))
  return row !== undefined
}

/** True when nobody has an account yet: the only time main.ts seeds on its own. */
export async function databaseHasNoUsers(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1)
  return row === undefined
}

async function seedBusiness(db: Database, seed: BusinessSeed, passwordHash: string): Promise<void> {
  let groupId: number | null = null
  if (seed.groupTitle) {
    const [group] = await db.insert(companyGroups).values({ title: seed.groupTitle }).returning()
    groupId = group!.id
  }
  const [owner] = await db
    .insert(users)
    .values({ ...seed.owner, passwordHash, userRole: 'owner' })
    .returning()
  for (const salon of seed.salons) await seedSalon(db, salon, groupId, owner!.id)
}

async function seedSalon(
  db: Database,
  seed: SalonSeed,
  groupId: number | null,
  ownerId: number,
): Promise<void> {
  const [company] = await db
    .insert(companies)
    .values({
      title: seed.title,
      type: 'salon',
      mainGroupId: groupId,
      countryId: 1, // Russia
      timezone: 'Europe/Moscow',
      currencyShortTitle: 'RUB',
    })
    .returning()
  const companyId = company!.id

  const positionRows = await db
    .insert(positions)
    .values(seed.positions.map((title) => ({ companyId, title })))
    .returning()
  const positionId = (title: string) => positionRows.find((row) => row.title === title)?.id ?? null

  await db.insert(companyUsers).values({ companyId, userId: ownerId, userRole: 'owner', positionId: null })
  await db.insert(staff).values(
    seed.staff.map((member, index) => ({
      companyId,
      name: member.name,
      specialization: member.specialization,
      positionId: positionId(member.position),
      weight: seed.staff.length - index,
    })),
  )

  for (const [index, category] of seed.categories.entries()) {
    const [categoryRow] = await db
      .insert(serviceCategories)
      .values({ companyId, title: category.title, weight: seed.categories.length - index })
      .returning()
    await db.insert(services).values(
      category.services.map((service) => ({
        companyId,
        categoryId: categoryRow!.id,
        title: service.title,
        priceMin: service.priceMin,
        priceMax: service.priceMax,
        duration: service.minutes * MINUTE,
        active: 1,
      })),
    )
  }
}

/** An administrator of Northern Barbers who signs in with a code sent by e-mail (the second factor). */
async function seedTwoFactorAccount(db: Database, passwordHash: string): Promise<void> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.title, NORTHERN_BARBERS_SALON.title))
  const [user] = await db
    .insert(users)
    .values({
      name: 'Tanya Twofactor',
      email: 'twofa@example.com',
      phone: '79005550101',
      passwordHash,
      userRole: 'administrator',
    })
    .returning()
  await db
    .insert(companyUsers)
    .values({ companyId: company!.id, userId: user!.id, userRole: 'administrator', positionId: null })
  await db.insert(userSecurity).values({ userId: user!.id, twoFactor: 'email' })
}

/**
 * A specialist of Beauty Line — Tverskaya (the stylist Maria Ivanova) whose owner let her read the service
 * menu and its categories but change nothing: the read-only view of the catalogue.
 */
async function seedSpecialistAccount(db: Database, passwordHash: string): Promise<void> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.title, BEAUTY_LINE_TVERSKAYA.title))
  const [user] = await db
    .insert(users)
    .values({
      name: 'Maria Ivanova',
      email: 'master@example.com',
      phone: '79005550202',
      passwordHash,
      userRole: 'specialist',
    })
    .returning()
  await db.insert(companyUsers).values({
    companyId: company!.id,
    userId: user!.id,
    userRole: 'specialist',
    positionId: null,
    accessOverrides: { settings_services_access: true, settings_master_access: true },
  })
  // Her account signs in to the salon's workspace, as an accepted invitation lets it (server/invites/accept-invite.ts).
  await db
    .update(staff)
    .set({ userId: user!.id, hasAccessTimetable: true })
    .where(and(eq(staff.companyId, company!.id), eq(staff.name, 'Maria Ivanova')))
}

/**
 * Support staff (page flag support_tech_user): a member of no company, who may sign in as a customer. Also a
 * translator (page flag translator): their app reports the translation keys it shows without a translation,
 * listed at /{lang}/translations/missing.
 */
async function seedSupportAccount(db: Database, passwordHash: string): Promise<void> {
  await db.insert(users).values({
    name: 'Sam Support',
    email: 'support@example.com',
    phone: '79005550303',
    passwordHash,
    userRole: null,
    pageFlags: ['support_tech_user', 'translator'],
  })
}
