import satisfies from 'spdx-satisfies'
import type { LicenceException } from './licence-exceptions'
import type { LockedPackage } from './lockfile-packages'
import { PERMISSIVE_LICENCES } from './permissive-licences'

/** A package whose licence is not a permissive one, or an exception that no longer holds. */
export interface LicenceFinding {
  /** `name@version`, or the name alone for an exception. */
  package: string
  licence: string | undefined
  problem: string
}

export interface LicenceReport {
  /** What fails the check: runtime packages and stale exceptions. */
  failures: LicenceFinding[]
  /** Dev-only packages outside the list: reported, never failed, since they do not ship. */
  devOnly: LicenceFinding[]
  /** The exceptions in force, each with the versions it covers. */
  excepted: LicenceFinding[]
  runtimeCount: number
  devCount: number
}

/** Why a declared licence does not pass, or undefined when one of its `OR` choices is all permissive. */
export function licenceProblem(licence: string | undefined): string | undefined {
  if (!licence) return 'declares no licence'
  try {
    return satisfies(licence, PERMISSIVE_LICENCES)
      ? undefined
      : 'is not on the permissive list (copyleft or unknown)'
  } catch {
    return 'is not an SPDX licence expression'
  }
}

/**
 * Checks every runtime package against the permissive list and the exceptions, and reports the dev-only ones
 * outside the list. An exception fails too when it has gone stale: its package is no longer a runtime
 * dependency, now passes without it, or declares another licence than the one the exception was granted for.
 */
export function checkLicences(packages: LockedPackage[], exceptions: LicenceException[]): LicenceReport {
  // One finding per name and version, however many copies the tree holds; a copy that ships makes it runtime.
  const key = (pkg: LockedPackage) => `${pkg.name}@${pkg.version}`
  const runtime = [...new Map(packages.filter((pkg) => pkg.runtime).map((pkg) => [key(pkg), pkg])).values()]
  const shipped = new Set(runtime.map(key))
  const dev = [
    ...new Map(packages.filter((pkg) => !shipped.has(key(pkg))).map((pkg) => [key(pkg), pkg])).values(),
  ]
  const finding = (pkg: LockedPackage, problem: string): LicenceFinding => ({
    package: `${pkg.name}@${pkg.version}`,
    licence: pkg.licence,
    problem,
  })
  const exceptionFor = new Map(exceptions.map((exception) => [exception.package, exception]))

  const failures: LicenceFinding[] = []
  const excepted: LicenceFinding[] = []
  for (const pkg of runtime) {
    const problem = licenceProblem(pkg.licence)
    const exception = exceptionFor.get(pkg.name)
    if (problem && !exception) failures.push(finding(pkg, problem))
    else if (problem && exception && exception.licence !== pkg.licence)
      failures.push(
        finding(pkg, `${problem}; its exception was granted for ${exception.licence}: read it again`),
      )
    else if (problem && exception) excepted.push(finding(pkg, exception.reason))
  }
  for (const exception of exceptions) {
    const covered = runtime.filter((pkg) => pkg.name === exception.package)
    const stale = (problem: string) =>
      failures.push({ package: exception.package, licence: exception.licence, problem })
    if (covered.length === 0)
      stale('has an exception but is no longer a runtime dependency: remove the exception')
    else if (covered.every((pkg) => !licenceProblem(pkg.licence)))
      stale('has an exception but its licence passes without it: remove the exception')
  }
  const devOnly = dev.flatMap((pkg) => {
    const problem = licenceProblem(pkg.licence)
    return problem ? [finding(pkg, problem)] : []
  })
  return { failures, devOnly, excepted, runtimeCount: runtime.length, devCount: dev.length }
}
