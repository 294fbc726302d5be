import { execFile } from 'node:child_process'
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { migrationsFolder } from '../../server/db/create-db'

const run = promisify(execFile)

// A change to server/db/schema without its migration would pass every test on a fresh database (the tests migrate
// from the migrations, not from the schema) and break the first deployment that relies on it.
describe('the Drizzle schema and the migrations', () => {
  let copy: string
  afterAll(async () => {
    if (copy) await rm(copy, { recursive: true, force: true })
  })

  it('agree: generating a migration from the schema finds nothing to add', async () => {
    copy = await mkdtemp(join(tmpdir(), 'migrations-'))
    await cp(migrationsFolder, copy, { recursive: true })
    const before = await readdir(copy)
    const { stdout } = await run(
      join('node_modules', '.bin', 'drizzle-kit'),
      // drizzle-kit reads `--out` relative to the working directory.
      [
        'generate',
        '--dialect',
        'postgresql',
        '--schema',
        './server/db/schema/index.ts',
        '--out',
        relative(process.cwd(), copy),
      ],
      { timeout: 60_000 },
    )
    expect(stdout).toContain('No schema changes')
    expect(await readdir(copy)).toEqual(before)
  }, 90_000)
})
