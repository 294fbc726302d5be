import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENVIRONMENT_VARIABLES } from '../../server/config'

describe('docs/deployment.md', () => {
  it('names every environment variable the server reads', () => {
    const doc = readFileSync(resolve(import.meta.dirname, '../../docs/deployment.md'), 'utf8')
    expect(ENVIRONMENT_VARIABLES.length).toBeGreaterThan(40)
    expect(ENVIRONMENT_VARIABLES.filter((name) => !doc.includes(`\`${name}\``))).toEqual([])
  })
})
