/** A browser and a system read from a user agent; null parts were not recognised. */
export interface Device {
  browser: string | null
  system: string | null
  /** A phone or tablet rather than a computer. */
  mobile: boolean
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const browsers: [RegExp, string][] = [
  [/YaBrowser\//, 'Yandex Browser'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]

const systems: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
]

/**
 * What a session's device was, from its user agent: enough to tell "Chrome on Windows" from "Safari on
 * iPhone" in a list of one's own sessions, not a fingerprint. Unknown or empty agents give nulls.
 */
export function deviceOf(userAgent: string | null): Device {
  const agent = userAgent ?? ''
  return {
    browser: browsers.find(([pattern]) => pattern.test(agent))?.[1] ?? null,
    system: systems.find(([pattern]) => pattern.test(agent))?.[1] ?? null,
    mobile: /Mobile|iPhone|iPad|Android/.test(agent),
  }
}
