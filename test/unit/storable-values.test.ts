import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { dateSchema, idSchema, textSchema } from '../../contract/id-params'
import { labelUpdateSchema } from '../../contract/labels/schemas'
import {
  atLeastOneField,
  findUnstorableValues,
  INT4_MAX,
  int4Schema,
  isStorableText,
  isWithinProductYears,
} from '../../contract/storable-values'

describe('values PostgreSQL can store', () => {
  it('takes well-formed text and refuses NUL and unpaired surrogates', () => {
    for (const text of ['', 'Anna', 'Ёлка 🌲', 'a\ud83d\ude00b'])
      expect(isStorableText(text), text).toBe(true)
    for (const text of ['\ud800', 'a\udc00', '\ud83d\ude00\ud800', 'a\u0000b'])
      expect(isStorableText(text), JSON.stringify(text)).toBe(false)
    expect(v.safeParse(textSchema(10), 'x\ud800').success).toBe(false)
  })

  it('bounds whole numbers to the int4 column', () => {
    expect(v.safeParse(int4Schema(1), INT4_MAX).success).toBe(true)
    expect(v.safeParse(int4Schema(1), INT4_MAX + 1).success).toBe(false)
    expect(v.safeParse(int4Schema(1), 0).success).toBe(false)
    expect(v.safeParse(int4Schema(0), 0).success).toBe(true)
    expect(v.safeParse(idSchema, 2 ** 31).success).toBe(false)
  })

  it('keeps dates within the product years, 2999-12-31 (a schedule without end) included', () => {
    expect(isWithinProductYears('1900-01-01')).toBe(true)
    expect(isWithinProductYears('2999-12-31T23:59:59Z')).toBe(true)
    expect(isWithinProductYears('0000-01-01T00:00:00Z')).toBe(false)
    expect(isWithinProductYears('9999-12-31')).toBe(false)
    expect(isWithinProductYears('+10000-01-01')).toBe(false)
    expect(v.safeParse(dateSchema, '2999-12-31').success).toBe(true)
    expect(v.safeParse(dateSchema, '0000-01-01').success).toBe(false)
  })

  it('refuses an update that sets nothing', () => {
    const update = v.pipe(v.object({ title: v.optional(v.string()) }), atLeastOneField())
    expect(v.safeParse(update, {}).success).toBe(false)
    expect(v.safeParse(update, { title: undefined }).success).toBe(false)
    expect(v.safeParse(update, { title: 'x' }).success).toBe(true)
    expect(v.safeParse(labelUpdateSchema, {}).success).toBe(false)
  })

  it('finds unstorable text anywhere, keys included, by the path of its field', () => {
    const schema = v.object({
      name: v.string(),
      tags: v.array(v.string()),
      extra: v.record(v.string(), v.string()),
    })
    expect(
      findUnstorableValues(schema, {
        name: 'a\u0000',
        tags: ['ok', '\ud800'],
        extra: { ['k\udc00']: 'x', fine: 'y' },
      }),
    ).toEqual([
      { path: 'name', message: expect.any(String), kind: 'text' },
      { path: 'tags.1', message: expect.any(String), kind: 'text' },
      { path: 'extra', message: expect.any(String), kind: 'text' },
    ])
    expect(findUnstorableValues(v.string(), '\ud800')).toEqual([
      { path: '_', message: expect.any(String), kind: 'text' },
    ])
  })

  it('finds arrays where the schema wants an object, through wrappers, pipes and unions of objects', () => {
    const update = v.pipe(v.object({ title: v.optional(v.string()) }), atLeastOneField())
    expect(findUnstorableValues(update, [])).toEqual([
      { path: '_', message: 'must be an object', kind: 'shape' },
    ])
    const nested = v.object({
      rights: v.optional(v.partial(v.strictObject({ a: v.boolean() }))),
      either: v.union([v.object({ a: v.string() }), v.object({ b: v.string() })]),
      list: v.array(v.number()),
    })
    expect(
      findUnstorableValues(nested, { rights: [], either: [1], list: [1, 2] }).map((item) => item.path),
    ).toEqual(['rights', 'either'])
    // An array where the schema takes one is left to the schema.
    expect(findUnstorableValues(v.union([v.string(), v.array(v.string())]), ['a'])).toEqual([])
  })

  it('keeps text as it shows: no invisible direction or zero-width characters, one kind of space', () => {
    const parse = (text: string) => v.parse(textSchema(100), text)
    expect(parse('a\u202Eevil\u200B')).toBe('aevil')
    expect(parse('\u2066Anna\u2069 \uFEFFIvanova')).toBe('Anna Ivanova')
    expect(parse('Barber\u00A0shop\u2009shelf')).toBe('Barber shop shelf')
    // Emoji sequences keep their joiners, and comments their lines.
    expect(parse('👩\u200D🔬 Lab')).toBe('👩\u200D🔬 Lab')
    expect(parse('first line\nsecond line')).toBe('first line\nsecond line')
    expect(parse('\u00A0 padded \u3000')).toBe('padded')
  })
})
