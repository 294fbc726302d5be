import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** One installed copy of a package as the lock file lists it. */
export interface LockedPackage {
  name: string
  version: string
  /** The SPDX expression the package declares, as written; undefined when it declares none. */
  licence: string | undefined
  /** False for what npm marks `dev`: only the development tools need it, so it never ships. */
  runtime: boolean
}

interface LockEntry {
  name?: string
  version?: string
  dev?: boolean
  link?: boolean
  license?: unknown
  licenses?: unknown
}

/**
 * Every package of a package-lock.json (version 2 or 3) with its licence. What npm does not mark `dev` is a
 * runtime package: `npm install --omit=dev` installs it, `devOptional` and optional platform builds included.
 * npm copies each package's `license` into the lock file; for the few that declare it the old way (`licenses`,
 * or no licence in the lock file) the installed package.json under `root` is read when it is there.
 */
export function lockfilePackages(root: string): LockedPackage[] {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages?: Record<string, LockEntry>
  }
  if (!lock.packages)
    throw new Error(`${join(root, 'package-lock.json')} has no "packages": npm 7 or later writes it`)
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path !== '' && !entry.link)
    .map(([path, entry]) => ({
      name: entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length),
      version: entry.version ?? '?',
      licence: licenceOf(entry) ?? licenceOf(installedManifest(root, path)),
      runtime: !entry.dev,
    }))
}

function installedManifest(root: string, path: string): LockEntry {
  const file = join(root, path, 'package.json')
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as LockEntry) : {}
}

/** `"MIT"`, the old `{ "type": "MIT" }`, or the old `"licenses": [{ "type": "MIT" }, ...]` (a choice: OR). */
function licenceOf(entry: LockEntry): string | undefined {
  const typeOf = (value: unknown) =>
    typeof value === 'string'
      ? value
      : typeof value === 'object' && value && 'type' in value
        ? String(value.type)
        : undefined
  const declared = typeOf(entry.license)
  if (declared) return declared
  if (!Array.isArray(entry.licenses) || entry.licenses.length === 0) return undefined
  const types = entry.licenses.map(typeOf)
  return types.every((type) => type) ? types.map((type) => `(${type})`).join(' OR ') : undefined
}
