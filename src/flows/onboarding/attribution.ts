import { readCookie, writeCookie } from '../../api/cookies'

/** Referral cookies never expire (SPEC.md section 3): browsers cap them at 400 days, renewed per visit. */
const foreverSeconds = 400 * 24 * 60 * 60
const utmCookie = 'utm_data'
const utmUuidCookie = 'utm_uuid'

function keep(name: string, value: string | null) {
  const current = readCookie(name)
  const kept = current ?? value
  if (kept !== null) writeCookie(name, kept, { maxAgeSeconds: foreverSeconds })
  return kept
}

/**
 * Records where the visitor came from, once: the first referrer, entry page and referring domain
 * stay in cookies that never expire, so a registration days later is still attributed to them.
 * The utm_* parameters of the entry page are kept the same way, with a registration hash (utm_uuid)
 * that ties the visitor's analytics to the registration.
 */
export function recordArrival(location: Location = window.location, referrer: string = document.referrer) {
  const referrerDomain = (() => {
    try {
      return referrer ? new URL(referrer).hostname : null
    } catch {
      return null
    }
  })()
  keep('referer_full', referrer || null)
  keep('entry_page', location.href)
  keep('referer_domain', referrerDomain)
  const utm = Object.fromEntries(
    [...new URLSearchParams(location.search)].filter(([key]) => key.startsWith('utm_')).slice(0, 20),
  )
  if (Object.keys(utm).length > 0 && readCookie(utmCookie) === null) {
    writeCookie(utmCookie, JSON.stringify(utm), { maxAgeSeconds: foreverSeconds })
  }
  keep(utmUuidCookie, crypto.randomUUID())
}

const clip = (value: string | null, max: number) => (value === null ? null : value.slice(0, max))

function storedUtm(): Record<string, string> | null {
  try {
    const parsed: unknown = JSON.parse(readCookie(utmCookie) ?? 'null')
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : null
  } catch {
    return null
  }
}

/** The referral, UTM and A/B fields sent with the first step and with company creation. */
export function attributionFields(abGroupPercentage: number) {
  return {
    ab_group_percentage: abGroupPercentage,
    referer_full: clip(readCookie('referer_full'), 2048),
    entry_page: clip(readCookie('entry_page'), 2048),
    referer_domain: clip(readCookie('referer_domain'), 255),
    utm: storedUtm(),
    utm_uuid: readCookie(utmUuidCookie),
  }
}
