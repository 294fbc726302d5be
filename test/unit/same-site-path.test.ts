import { describe, expect, it } from 'vitest'
import { sameSitePath } from '../../contract/same-site-path'

describe('sameSitePath', () => {
  it('keeps paths on this site and refuses every way out of it', () => {
    expect(sameSitePath('/en/?company=2')).toBe('/en/?company=2')
    for (const url of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'en/x',
      '',
    ]) {
      expect(sameSitePath(url)).toBeNull()
    }
    expect(sameSitePath(null)).toBeNull()
    expect(sameSitePath(undefined)).toBeNull()
  })
})
