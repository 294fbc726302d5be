import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../db/database'
import {
  companies,
  labels,
  positions,
  serviceCategories,
  serviceCompositeLinks,
  services,
  serviceStaff,
  staff,
} from '../db/schema'

/** Which category of services each position provides in the demo salons. */
const POSITION_CATEGORIES: Record<string, string[]> = {
  Stylist: ['Hair'],
  Colorist: ['Colouring', 'Hair'],
  Manicurist: ['Nails'],
  Cosmetologist: ['Skin care'],
  Barber: ['Barbering'],
}

/** Labels every demo salon has; the first is a system label nobody can change. */
const LABELS = [
  { title: 'VIP', color: '#d4af37', fontColor: '#000000', entity: 1, notEditable: true },
  { title: 'New client', color: '#2e7d32', fontColor: '#ffffff', entity: 1, notEditable: false },
  { title: 'Confirmed by phone', color: '#1565c0', fontColor: '#ffffff', entity: 2, notEditable: false },
  { title: 'Call back', color: '#ef6c00', fontColor: '#ffffff', entity: 3, notEditable: false },
  { title: 'Important', color: '#c62828', fontColor: '#ffffff', entity: 0, notEditable: false },
]

/**
 * Adds staff and services data to the seeded salons: labels, which employee provides which service, a
 * composite service, and chain prices for the chain's shared haircut.
 */
export async function seedStaffServicesDemo(db: Database): Promise<void> {
  const salons = await db.select().from(companies)
  for (const salon of salons) {
    await db.insert(labels).values(LABELS.map((label) => ({ ...label, companyId: salon.id })))
    await linkStaffToServices(db, salon.id)
    if (salon.mainGroupId !== null) {
      await db
        .update(services)
        .set({
          isChain: true,
          chainPriceMin: 2500,
          chainPriceMax: 4000,
          chainComment: 'Chain standard haircut',
        })
        .where(and(eq(services.companyId, salon.id), eq(services.title, "Women's haircut")))
    }
  }
  const tverskaya = salons.find((salon) => salon.title === 'Beauty Line — Tverskaya')
  if (tverskaya) await seedComposite(db, tverskaya.id)
}

async function linkStaffToServices(db: Database, companyId: number): Promise<void> {
  const members = await db
    .select({ id: staff.id, position: positions.title })
    .from(staff)
    .innerJoin(positions, eq(positions.id, staff.positionId))
    .where(eq(staff.companyId, companyId))
  for (const member of members) {
    const categoryTitles = POSITION_CATEGORIES[member.position] ?? []
    if (categoryTitles.length === 0) continue
    const provided = await db
      .select({ id: services.id, duration: services.duration })
      .from(services)
      .innerJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
      .where(and(eq(services.companyId, companyId), inArray(serviceCategories.title, categoryTitles)))
    if (provided.length === 0) continue
    await db.insert(serviceStaff).values(
      provided.map((service) => ({
        companyId,
        serviceId: service.id,
        staffId: member.id,
        seanceLength: service.duration,
      })),
    )
  }
}

async function seedComposite(db: Database, companyId: number): Promise<void> {
  const parts = await db
    .select({ id: services.id, title: services.title, categoryId: services.categoryId })
    .from(services)
    .where(
      and(
        eq(services.companyId, companyId),
        inArray(services.title, ["Women's haircut", 'Single-process colour']),
      ),
    )
  const haircut = parts.find((part) => part.title === "Women's haircut")
  const colour = parts.find((part) => part.title === 'Single-process colour')
  if (!haircut || !colour) return
  const [composite] = await db
    .insert(services)
    .values({
      companyId,
      categoryId: colour.categoryId,
      title: 'Colour and haircut',
      duration: 0,
      isComposite: true,
      description: 'Single-process colour followed by a haircut, booked as one visit.',
      compositeSettings: { exec_order: 'sequential', pricing_type: 'discount', price_discount_percent: 10 },
    })
    .returning({ id: services.id })
  await db.insert(serviceCompositeLinks).values([
    { companyId, compositeId: composite!.id, serviceId: colour.id, position: 1 },
    { companyId, compositeId: composite!.id, serviceId: haircut.id, position: 2 },
  ])
}
