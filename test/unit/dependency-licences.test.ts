import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { checkLicences } from '../../scripts/licences/licence-check'
import type { LicenceException } from '../../scripts/licences/licence-exceptions'
import { lockfilePackages } from '../../scripts/licences/lockfile-packages'

type Entry = Record<string, unknown>

/** A folder holding a package-lock.json with these packages (by path under node_modules) and nothing installed. */
function fixtureRoot(packages: Record<string, Entry>, exceptions: LicenceException[] = []): string {
  const root = mkdtempSync(join(tmpdir(), 'licences-'))
  const entries = Object.fromEntries(
    Object.entries(packages).map(([path, entry]) => [`node_modules/${path}`, { version: '1.0.0', ...entry }]),
  )
  const lock = { name: 'fixture', lockfileVersion: 3, packages: { '': { name: 'fixture' }, ...entries } }
  writeFileSync(join(root, 'package-lock.json'), JSON.stringify(lock))
  writeFileSync(join(root, 'exceptions.json'), JSON.stringify(exceptions))
  return root
}

const check = (packages: Record<string, Entry>, exceptions: LicenceException[] = []) =>
  checkLicences(lockfilePackages(fixtureRoot(packages)), exceptions)

const failed = (packages: Record<string, Entry>, exceptions: LicenceException[] = []) =>
  check(packages, exceptions).failures.map((finding) => `${finding.package} ${finding.licence}`)

const cityException: LicenceException = {
  package: 'city-data',
  licence: 'GPL-3.0',
  reason: 'replaced by the city data set; remove when it is gone',
}

describe('the licence check of runtime dependencies', () => {
  it('fails on a copyleft runtime package, naming it and its licence', () => {
    expect(failed({ react: { license: 'MIT' }, 'gpl-thing': { license: 'GPL-3.0' } })).toEqual([
      'gpl-thing@1.0.0 GPL-3.0',
    ])
    expect(failed({ 'a/node_modules/nested-agpl': { license: 'AGPL-3.0-only', version: '2.1.0' } })).toEqual([
      'nested-agpl@2.1.0 AGPL-3.0-only',
    ])
    for (const licence of [
      'LGPL-2.1-or-later',
      'MPL-2.0',
      'EPL-2.0',
      'CDDL-1.0',
      'EUPL-1.2',
      'OSL-3.0',
      'SSPL-1.0',
    ]) {
      expect(failed({ weak: { license: licence } }), licence).toEqual([`weak@1.0.0 ${licence}`])
    }
  })

  it('reads AND and OR: a permissive choice passes, a copyleft part that must be taken fails', () => {
    expect(failed({ either: { license: 'MIT OR GPL-3.0' } })).toEqual([])
    expect(failed({ either: { license: '(GPL-3.0-only OR Apache-2.0)' } })).toEqual([])
    expect(failed({ both: { license: 'MIT AND GPL-3.0' } })).toEqual(['both@1.0.0 MIT AND GPL-3.0'])
    expect(failed({ both: { license: '(MIT OR ISC) AND GPL-2.0-only' } })).toHaveLength(1)
    expect(failed({ choices: { license: 'EPL-2.0 OR GPL-3.0-or-later' } })).toHaveLength(1)
  })

  it('fails on a missing licence and on one that is not an SPDX expression', () => {
    const report = check({
      none: {},
      custom: { license: 'SEE LICENSE IN LICENSE.md' },
      spaced: { license: 'MPL 2.0' },
    })
    expect(report.failures.map((finding) => [finding.package, finding.problem])).toEqual([
      ['none@1.0.0', 'declares no licence'],
      ['custom@1.0.0', 'is not an SPDX licence expression'],
      ['spaced@1.0.0', 'is not an SPDX licence expression'],
    ])
  })

  it('reads the old ways of declaring a licence', () => {
    expect(
      failed({
        old: { license: { type: 'MIT' } },
        older: { licenses: [{ type: 'MIT' }, { type: 'GPL-2.0' }] },
      }),
    ).toEqual([])
    expect(failed({ older: { licenses: [{ type: 'GPL-2.0' }] } })).toEqual(['older@1.0.0 (GPL-2.0)'])
  })

  it('reports dev-only packages without failing; devOptional and optional ones ship, so they count', () => {
    const report = check({
      'dev-tool': { license: 'GPL-3.0', dev: true },
      'peer-of-runtime': { license: 'GPL-3.0', devOptional: true },
      'platform-build': { license: 'LGPL-3.0-only', optional: true },
    })
    expect(report.devOnly.map((finding) => finding.package)).toEqual(['dev-tool@1.0.0'])
    expect(report.failures.map((finding) => finding.package)).toEqual([
      'peer-of-runtime@1.0.0',
      'platform-build@1.0.0',
    ])
    expect([report.runtimeCount, report.devCount]).toEqual([2, 1])
  })

  it('lets an excepted package ship under the licence its exception names', () => {
    const report = check({ 'city-data': { license: 'GPL-3.0', version: '3.2.1' } }, [cityException])
    expect(report.failures).toEqual([])
    expect(report.excepted).toEqual([
      { package: 'city-data@3.2.1', licence: 'GPL-3.0', problem: cityException.reason },
    ])
  })

  it('fails when an exception has gone stale, saying why', () => {
    const stale = (packages: Record<string, Entry>) =>
      check(packages, [cityException]).failures.map((finding) => `${finding.package} ${finding.problem}`)
    // The package is gone, or only a development tool still uses it.
    const gone = 'city-data has an exception but is no longer a runtime dependency: remove the exception'
    expect(stale({ react: { license: 'MIT' } })).toEqual([gone])
    expect(stale({ 'city-data': { license: 'GPL-3.0', dev: true } })).toEqual([gone])
    // It now passes on its own.
    expect(stale({ 'city-data': { license: 'MIT' } })).toEqual([
      'city-data has an exception but its licence passes without it: remove the exception',
    ])
    // Its licence changed since the exception was granted.
    expect(stale({ 'city-data': { license: 'AGPL-3.0-only' } })).toEqual([
      'city-data@1.0.0 is not on the permissive list (copyleft or unknown); its exception was granted for GPL-3.0: read it again',
    ])
  })
})

describe('npm run licences', () => {
  const run = (root: string) =>
    promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/licences/check-licences.ts',
        '--root',
        root,
        '--exceptions',
        join(root, 'exceptions.json'),
      ],
      { cwd: process.cwd() },
    ).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    )

  it('exits 1 on a planted GPL runtime package and names it; dev-only ones are only reported', async () => {
    const planted = await run(
      fixtureRoot({ react: { license: 'MIT' }, 'gpl-thing': { license: 'GPL-3.0-only' } }),
    )
    expect(planted.code).toBe(1)
    expect(planted.stderr).toContain('gpl-thing@1.0.0 (GPL-3.0-only)')

    const clean = await run(
      fixtureRoot({ react: { license: 'MIT' }, 'dev-tool': { license: 'GPL-3.0', dev: true } }),
    )
    expect(clean.code).toBe(0)
    expect(clean.stdout).toContain('reported, not failed')
    expect(clean.stdout).toContain('dev-tool@1.0.0 (GPL-3.0)')
  })

  it('refuses an exceptions file without a reason', async () => {
    const root = fixtureRoot({ react: { license: 'MIT' } }, [{ ...cityException, reason: '' }])
    const result = await run(root)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('0.reason')
  })
})
