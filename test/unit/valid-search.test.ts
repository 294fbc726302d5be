import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { validSearch } from '../../src/routes/valid-search'

const schema = v.object({
  entity: v.optional(v.pipe(v.unknown(), v.transform(Number), v.picklist([0, 1, 2, 3]))),
  q: v.optional(v.pipe(v.string(), v.maxLength(5))),
})

describe("a route's search", () => {
  it('keeps the valid entries and drops an invalid one, instead of all or nothing', () => {
    expect(validSearch(schema, { entity: 2, q: 'far too long' })).toEqual({ entity: 2, q: undefined })
    expect(validSearch(schema, { entity: 7, q: 'hair' })).toEqual({ entity: undefined, q: 'hair' })
  })

  it('names every entry, so an invalid raw value cannot show through what the router lays over it', () => {
    for (const raw of [{ entity: 7 }, { entity: 'abc' }, { entity: { a: 1 } }, { q: 42 }]) {
      // TanStack Router answers the raw search with what validateSearch answers spread over it.
      const search = { ...raw, ...validSearch(schema, raw) }
      expect(v.safeParse(schema, search).success, JSON.stringify(raw)).toBe(true)
    }
  })
})
