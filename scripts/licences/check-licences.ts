// `npm run licences` (and the first step of `npm test`): fails when a package that ships to production carries a
// licence that is not on the permissive list and has no exception in allowed-exceptions.json, or when an exception
// has gone stale. Dev-only packages are listed, not failed. `--root <dir>` checks another folder's
// package-lock.json (the tests point it at fixtures); `--exceptions <file>` reads another exceptions file.
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { checkLicences, type LicenceFinding, type LicenceReport } from './licence-check'
import { readLicenceExceptions } from './licence-exceptions'
import { lockfilePackages } from './lockfile-packages'

const { values } = parseArgs({
  options: {
    root: { type: 'string', default: process.cwd() },
    exceptions: { type: 'string', default: join(import.meta.dirname, 'allowed-exceptions.json') },
  },
})
const root = values.root
let report: LicenceReport
try {
  report = checkLicences(lockfilePackages(root), readLicenceExceptions(values.exceptions))
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
const line = (finding: LicenceFinding) =>
  `  ${finding.package} (${finding.licence ?? 'no licence'}): ${finding.problem}`

console.log(
  `Licences of ${join(root, 'package-lock.json')}: ${report.runtimeCount} runtime packages, ${report.devCount} dev-only.`,
)
if (report.excepted.length > 0) {
  console.log(`Shipped under an exception (${values.exceptions}):`)
  report.excepted.forEach((finding) => console.log(line(finding)))
}
if (report.devOnly.length > 0) {
  console.log('Dev-only packages outside the permissive list (reported, not failed: they do not ship):')
  report.devOnly.forEach((finding) => console.log(line(finding)))
}
if (report.failures.length > 0) {
  console.error('Runtime packages whose licence fails (see "Dependency licences" in docs/decisions.md):')
  report.failures.forEach((finding) => console.error(line(finding)))
  process.exit(1)
}
console.log('Every runtime package carries a permissive licence or has an exception.')
