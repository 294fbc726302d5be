import fc from 'fast-check'

/*
 * fast-check arbitraries for fuzzing the API: values built from a valibot schema's own shape (so that they pass
 * validation and reach the database), one hostile value swapped into them, and hostile shapes without a schema.
 */

/** Numbers no int4 column holds, or that no id or count is: around 2^31, fractions, the float extremes. */
export const hostileNumber = fc.constantFrom(
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
)
/** Text PostgreSQL cannot store or that names no real date: lone surrogates, NUL, years 0000 and 9999, ... */
export const hostileString = fc.constantFrom(
  '\ud800',
  'a\udc00b',
  'a\u0000b',
  '',
  ' ',
  '0000-01-01',
  '9999-12-31',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '10000-01-01T00:00:00Z',
  '2024-02-30',
  '2147483648',
  '-1',
  'NaN',
  '__proto__',
  "'; drop table users; --",
  'x'.repeat(5000),
)
/** Objects and arrays nested 20 to 200 deep. */
export const deepNesting = fc.integer({ min: 20, max: 200 }).map((depth) => {
  let value: unknown = 1
  for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { a: value }
  return value
})
/** Any of the above, or a shape where another belongs (an array for an object, an empty object). */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileNumber,
  hostileString,
  fc.constantFrom<unknown>([], {}, [[]], [{}], null, true, [2 ** 31], ['\ud800']),
  deepNesting,
)

/** The parts of a valibot schema object that the generator reads. */
export interface SchemaShape {
  type?: string
  kind?: string
  wrapped?: SchemaShape
  entries?: Record<string, SchemaShape>
  item?: SchemaShape
  items?: SchemaShape[]
  key?: SchemaShape
  value?: SchemaShape
  options?: readonly unknown[]
  literal?: unknown
  enum?: Record<string, unknown>
  requirement?: unknown
  pipe?: SchemaShape[]
  getter?: () => SchemaShape
}

/** Real ids of the demo data, so that generated bodies reach past "not found" into the queries. */
export interface RealIds {
  company: number
  other: number[]
}

/** What the valibot schema accepts, as far as its shape and pipe tell (regexes, bounds, picklists, ...). */
export function fromSchema(
  schema: SchemaShape | undefined,
  ids: RealIds,
  key = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema?.type || depth > 6) return fc.constant(null)
  return validFromSchema(schema, ids, key, depth)
}

/** Every path inside a JSON value, the value itself first. */
function pathsOf(value: unknown, path: (string | number)[] = [], found: (string | number)[][] = []) {
  found.push(path)
  if (Array.isArray(value)) value.forEach((item, index) => pathsOf(item, [...path, index], found))
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...path, key], found)
  return found
}

/**
 * A valid value with one place swapped for a hostile one: a number for a number where there was one (a huge
 * id, a fraction), text for text (a lone surrogate, NUL, year 0000), or a wrong shape anywhere. One change at a
 * time gets past the other fields' checks and shows which one is missing.
 */
export function withOneHostileValue(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, fc.nat(), hostileNumber, hostileString, hostileValue, fc.nat(3))
    .map(([value, pick, number, text, shape, which]) => {
      const paths = pathsOf(value)
      const path = paths[pick % paths.length]!
      const replace = (current: unknown) =>
        which === 0
          ? shape
          : typeof current === 'number'
            ? number
            : typeof current === 'string'
              ? text
              : shape
      if (path.length === 0) return replace(value)
      const copy = structuredClone(value) as Record<string | number, unknown>
      let parent = copy
      for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>
      const last = path[path.length - 1]!
      parent[last] = replace(parent[last])
      return copy
    })
}

function validFromSchema(
  schema: SchemaShape,
  ids: RealIds,
  key: string,
  depth: number,
): fc.Arbitrary<unknown> {
  const actions = (schema.pipe ?? []).slice(1)
  const action = (type: string) => actions.find((item) => item.type === type)
  const requirement = (type: string) => action(type)?.requirement
  switch (schema.type) {
    case 'optional':
    case 'exact_optional':
    case 'undefinedable':
      return fc.oneof(fc.constant(undefined), fromSchema(schema.wrapped, ids, key, depth))
    case 'nullable':
    case 'nullish':
      return fc.oneof(fc.constant(null), fromSchema(schema.wrapped, ids, key, depth))
    case 'non_optional':
    case 'non_nullable':
    case 'non_nullish':
      return fromSchema(schema.wrapped, ids, key, depth)
    case 'string': {
      const regex = requirement('regex')
      if (regex instanceof RegExp) return fc.stringMatching(regex).filter((text) => text.length < 300)
      if (action('email')) return fc.emailAddress()
      if (action('uuid')) return fc.uuid()
      if (action('iso_date'))
        return fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10))
      if (action('iso_timestamp')) return fc.date({ noInvalidDate: true }).map((date) => date.toISOString())
      const min = requirement('min_length')
      const max = requirement('max_length')
      const minLength = typeof min === 'number' ? Math.min(min, 8) : 0
      return fc.string({
        minLength,
        maxLength: typeof max === 'number' ? Math.max(minLength, Math.min(max, 60)) : 30,
      })
    }
    case 'number': {
      const min = requirement('min_value')
      const max = requirement('max_value')
      const bounded = fc.integer({
        min: typeof min === 'number' ? Math.max(min, -1_000_000) : -10,
        max: typeof max === 'number' ? Math.min(max, 1_000_000) : 1_000_000,
      })
      if (/(^|_)ids?$/.test(key) || key === 'id') {
        const real = /company|salon/.test(key) ? fc.constant(ids.company) : fc.constantFrom(...ids.other)
        return fc.oneof(real, bounded)
      }
      return bounded
    }
    case 'boolean':
      return fc.boolean()
    case 'literal':
      return fc.constant(schema.literal)
    case 'picklist':
      return fc.constantFrom(...(schema.options as unknown[]))
    case 'enum':
      return fc.constantFrom(...Object.values(schema.enum ?? { none: null }))
    case 'null':
      return fc.constant(null)
    case 'object':
    case 'loose_object':
    case 'strict_object':
    case 'object_with_rest':
      return fc.record(
        Object.fromEntries(
          Object.entries(schema.entries ?? {}).map(([name, entry]) => [
            name,
            fromSchema(entry, ids, name, depth + 1),
          ]),
        ),
      )
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 12 }), fromSchema(schema.value, ids, key, depth + 1), {
        maxKeys: 4,
      })
    case 'array': {
      const min = requirement('min_length')
      const minLength = typeof min === 'number' ? Math.min(min, 2) : 0
      return fc.array(fromSchema(schema.item, ids, key, depth + 1), { minLength, maxLength: minLength + 2 })
    }
    case 'tuple':
      return fc.tuple(...(schema.items ?? []).map((item) => fromSchema(item, ids, key, depth + 1)))
    case 'union':
    case 'variant': {
      const options = (schema.options ?? []) as SchemaShape[]
      return options.length === 0
        ? fc.jsonValue()
        : fc.oneof(...options.map((option) => fromSchema(option, ids, key, depth)))
    }
    case 'lazy':
      return schema.getter ? fromSchema(schema.getter(), ids, key, depth + 1) : fc.jsonValue()
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

/** Bodies for a route whose schema is unknown (or besides it): arbitrary JSON and hostile shapes. */
export const shapelessBody: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  hostileValue,
  fc.dictionary(
    fc.constantFrom(
      'id',
      'title',
      'name',
      'company_id',
      'salon_id',
      'date',
      'datetime',
      'term',
      'rights',
      'email',
    ),
    hostileValue,
    { maxKeys: 5 },
  ),
)

/** A path parameter: mostly a real id, sometimes something hostile. */
export const hostileParam = fc.constantFrom(
  '2147483648',
  '0',
  '-1',
  'abc',
  '%00',
  '%ED%A0%80',
  '1e3',
  '99999999999999',
)
