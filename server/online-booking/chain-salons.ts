import { and, asc, eq, exists, sql } from 'drizzle-orm'
import type { OnlineChain } from '../../contract/online-booking/chain-schemas'
import { PLACE_LANGUAGES, type PlaceLanguage } from '../references/place-languages'
import type { Database } from '../db/database'
import { companies, companyGroups, placeCities, services, serviceStaff, staff } from '../db/schema'
import { HttpError } from '../http/http-error'

/** One answer for an unknown chain and for a chain none of whose salons books online. */
export const CHAIN_NOT_FOUND = /*i18n*/ 'This chain has no booking page'

/** The place-name language of a page language (`en-GB` → `en`, `pt-BR` → `pt`); English when names lack it. */
export function placeLanguageOf(language: string): PlaceLanguage {
  const base = language.split('-')[0]!.toLowerCase()
  return (PLACE_LANGUAGES as readonly string[]).includes(base) ? (base as PlaceLanguage) : 'en'
}

/**
 * A salon books online when the booking page would offer something: at least one live, active, online service
 * that a working, shown, bookable staff member provides (server/online-booking/online-catalogue.ts).
 */
const booksOnline = (db: Database) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(services)
      .innerJoin(serviceStaff, eq(serviceStaff.serviceId, services.id))
      .innerJoin(staff, eq(staff.id, serviceStaff.staffId))
      .where(
        and(
          eq(services.companyId, companies.id),
          eq(services.deleted, 0),
          eq(services.active, 1),
          eq(services.isOnline, true),
          eq(staff.companyId, companies.id),
          eq(staff.deleted, 0),
          eq(staff.fired, 0),
          eq(staff.hidden, 0),
          eq(staff.bookable, true),
        ),
      ),
  )

/**
 * GET /b2c/chain/{chainId}: the chain's salons a client can book online, with what each salon's own page shows
 * (name, address, city), in the order they joined the chain. 404 when none books online, as for an unknown id.
 */
export async function onlineChain(db: Database, chainId: number, language: string): Promise<OnlineChain> {
  const placeLanguage = placeLanguageOf(language)
  const rows = await db
    .select({
      chainTitle: companyGroups.title,
      id: companies.id,
      title: companies.title,
      address: companies.address,
      city: sql<
        string | null
      >`coalesce(${placeCities.names}->>${placeLanguage}, ${placeCities.names}->>'en')`,
    })
    .from(companies)
    .innerJoin(companyGroups, eq(companyGroups.id, companies.mainGroupId))
    .leftJoin(placeCities, eq(placeCities.id, companies.cityId))
    .where(and(eq(companies.mainGroupId, chainId), eq(companies.type, 'salon'), booksOnline(db)))
    .orderBy(asc(companies.id))
  const [first] = rows
  if (!first) throw new HttpError(404, CHAIN_NOT_FOUND)
  return {
    chain: { id: chainId, title: first.chainTitle },
    salons: rows.map(({ id, title, address, city }) => ({ id, title, address, city })),
  }
}
