import { describe, expect, it } from 'vitest'
import { normalizeSlashes } from '../../src/app/normalize-path'

describe('normalizeSlashes (SPEC.md section 2)', () => {
  it.each([
    ['//signin', '/signin'],
    ['/en//signin', '/en/signin'],
    ['/en///signin//abc//', '/en/signin/abc/'],
    ['/', '/'],
    ['/en/signin', '/en/signin'],
    ['', ''],
  ])('%s → %s', (path, expected) => {
    expect(normalizeSlashes(path)).toBe(expected)
  })
})
