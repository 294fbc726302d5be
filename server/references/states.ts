import { and, asc, eq, sql } from 'drizzle-orm'
import type { ReferenceLanguage, State as ApiState } from '../../contract/references/schemas'
import type { Database } from '../db/database'
import { placeStates } from '../db/schema'

const title = (language: ReferenceLanguage) =>
  sql<string>`coalesce(${placeStates.names}->>${language}, ${placeStates.names}->>'en')`

/** The first-level divisions of a country (GeoNames admin1), by name in the language. */
export function listStates(
  db: Database,
  countryId: number,
  language: ReferenceLanguage,
): Promise<ApiState[]> {
  return db
    .select({
      id: placeStates.id,
      country_id: placeStates.countryId,
      iso_code: placeStates.code,
      title: title(language),
    })
    .from(placeStates)
    .where(eq(placeStates.countryId, countryId))
    .orderBy(asc(title(language)), asc(placeStates.id))
}

export async function stateBelongsTo(db: Database, stateId: number, countryId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: placeStates.id })
    .from(placeStates)
    .where(and(eq(placeStates.id, stateId), eq(placeStates.countryId, countryId)))
  return row !== undefined
}
