import type { OnboardingVariant } from '../../../machines/onboarding-steps'
import { readCookie, writeCookie } from '../../api/cookies'
import { AB_THRESHOLD, AB_VERSIONS, NEWER_VERSION, OLDER_VERSION } from '../../../contract/onboarding/rules'

/** Cookies that never expire in practice: browsers cap a cookie's life at 400 days, renewed on each visit. */
const foreverSeconds = 400 * 24 * 60 * 60
const abGroupCookie = 'ab_group_percentage'
const tableFlagCookie = 'onboarding_table'
const abFlagCookie = 'onboarding_ab'

/**
 * The visitor's A/B group, 0 to 99, drawn once and kept (the cookie is renewed on every visit so
 * that it never runs out).
 */
export function abGroupPercentage(random: () => number = Math.random): number {
  const stored = Number(readCookie(abGroupCookie))
  const kept = readCookie(abGroupCookie) !== null && Number.isInteger(stored) && stored >= 0 && stored <= 99
  const value = kept ? stored : Math.floor(random() * 100)
  writeCookie(abGroupCookie, String(value), { maxAgeSeconds: foreverSeconds })
  return value
}

export interface TableChoice {
  variant: OnboardingVariant
  /** The A/B version of SPEC.md section 9: A (4), B (2) or C (3). */
  abVersion: number
  /** The `version` of the first step's payload: 4 for the newer table, 3 for the older. */
  payloadVersion: number
}

/**
 * Which route table a visitor sees (docs/decisions.md, "Onboarding"): a page flag wins
 * (`?onboarding=new|old`, remembered in a cookie), then `?ab=C` (version C, the older table);
 * otherwise the A/B group: a percentage at or above the threshold (50) is version A, the newer
 * table; below it version B, the default, the older table.
 */
export function chooseTable(search: URLSearchParams, percentage: number): TableChoice {
  const flag = search.get('onboarding')
  if (flag === 'new' || flag === 'old') writeCookie(tableFlagCookie, flag, { maxAgeSeconds: foreverSeconds })
  const ab = search.get('ab')?.toUpperCase()
  if (ab === 'A' || ab === 'B' || ab === 'C') writeCookie(abFlagCookie, ab, { maxAgeSeconds: foreverSeconds })

  const tableFlag = readCookie(tableFlagCookie)
  const abFlag = readCookie(abFlagCookie)
  const abVersion =
    abFlag === 'A' || abFlag === 'B' || abFlag === 'C'
      ? AB_VERSIONS[abFlag]
      : percentage >= AB_THRESHOLD
        ? AB_VERSIONS.A
        : AB_VERSIONS.B
  const variant: OnboardingVariant =
    tableFlag === 'new'
      ? 'newer'
      : tableFlag === 'old'
        ? 'older'
        : abVersion === AB_VERSIONS.A
          ? 'newer'
          : 'older'
  return { variant, abVersion, payloadVersion: variant === 'newer' ? NEWER_VERSION : OLDER_VERSION }
}
