/** Ids fit the 9-digit {id} of every route. */
const ID_SPACE = 999_999_999

function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/**
 * Numeric ids for records of a data set that names things but does not number them (GeoNames' first-level
 * divisions, by their code; formerly country-state-city's states and cities, see legacy-city-ids). Each id is a hash of the record's natural key, so it stays the same when the data set
 * gains or loses other records; the rare collision moves the later key (in key order) to the next free id.
 */
export function assignStableIds(keys: readonly string[]): Map<string, number> {
  const ids = new Map<string, number>()
  const taken = new Set<number>()
  for (const key of [...keys].sort()) {
    let id = (fnv1a(key) % ID_SPACE) + 1
    while (taken.has(id)) id = (id % ID_SPACE) + 1
    taken.add(id)
    ids.set(key, id)
  }
  return ids
}
