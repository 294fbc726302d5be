import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'

/** RFC 6238 defaults that every authenticator app understands. */
const PERIOD_SEC = 30
const DIGITS = 6
/** One step of clock skew either way is tolerated, as RFC 6238 recommends for clocks that drift. */
const SKEW_STEPS = 1
const ISSUER = 'Salon'

function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SEC,
    secret: Secret.fromBase32(secretBase32),
  })
}

/** A new 160-bit secret (base32), as RFC 4226 recommends. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/** The otpauth:// URL and its QR code (an SVG data: URL) for the authenticator app. */
export async function totpProvisioning(
  secretBase32: string,
  label: string,
): Promise<{ otpauthUrl: string; qrCode: string }> {
  const otpauthUrl = totpFor(secretBase32, label).toString()
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 })
  return { otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` }
}

/**
 * The time step a code belongs to, or null when it matches none of the current step and its neighbours. The
 * caller stores the step it accepted and refuses it (and earlier steps) afterwards, so a code works once.
 */
export function matchingTotpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const delta = totpFor(secretBase32, 'check').validate({ token: code, timestamp: now, window: SKEW_STEPS })
  if (delta === null) return null
  return Math.floor(now / 1000 / PERIOD_SEC) + delta
}
