import type { CheckPhoneReply } from '../../contract/onboarding/schemas'
import { countryIdOf } from '../references/country-ids'
import { detectCountry, maskPhone, normalisePhone, phoneDigits } from '../phone/phone-number'

/**
 * POST /onboarding/check_phone: whether the number is a valid number of its country, and which country. It
 * never says whether an account uses the number (no enumeration); that is learnt only by confirming a code.
 */
export function checkPhone(input: string): CheckPhoneReply {
  const phone = normalisePhone(input)
  if (phone) {
    return {
      is_valid: true,
      phone: `+${phone.digits}`,
      country_id: countryIdOf(phone.country),
      country_code: phone.country,
      masked_phone: maskPhone(phone.digits),
    }
  }
  const digits = phoneDigits(input)
  const country = /^\d{1,15}$/.test(digits) ? detectCountry(digits) : undefined
  return {
    is_valid: false,
    phone: null,
    country_id: country ? countryIdOf(country) : null,
    country_code: country ?? null,
    masked_phone: null,
  }
}
