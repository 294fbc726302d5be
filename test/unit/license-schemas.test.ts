import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { companyStateSchema } from '../../contract/license/company-state-schemas'
import { addLicenseOptionBodySchema, LicenseOption, licenseReplySchema } from '../../contract/license/schemas'

const license = {
  id: 1,
  company_id: 3,
  tariff: 'Business',
  staff_limit: 10,
  staff_seat_monthly_price: 500,
  starts_at: '2025-01-01T00:00:00.000Z',
  expires_at: '2025-07-01T00:00:00.000Z',
  is_active: true,
  options: [{ option_id: LicenseOption.SMS_NAME, amount: 1 }],
}

describe('licence parsing', () => {
  it('reads an array reply as no licence', () => {
    expect(v.parse(licenseReplySchema, [])).toBeNull()
    expect(v.parse(licenseReplySchema, [{ anything: true }])).toBeNull()
  })

  it('reads an object reply as the licence', () => {
    expect(v.parse(licenseReplySchema, license)).toEqual(license)
  })

  it('reads the licence of the company state the same way', () => {
    const state = {
      storage_settings: { allow_overselling: true },
      sms_sender_name: null,
      analytics_lost_threshold: 0,
      default_country_id: null,
    }
    expect(v.parse(companyStateSchema, { ...state, license: [] }).license).toBeNull()
    expect(v.parse(companyStateSchema, { ...state, license }).license?.tariff).toBe('Business')
  })

  it('knows the option ids of the specification', () => {
    expect(LicenseOption).toEqual({
      SMS_NAME: 1,
      KKM: 2,
      INVOICING: 3,
      NOTIFICATION_MODULE: 4,
      KKM_SERVER: 5,
      ADDITIONAL_STAFF: 6,
    })
    expect(v.safeParse(addLicenseOptionBodySchema, { option_id: 6, amount: 2 }).success).toBe(true)
    expect(v.safeParse(addLicenseOptionBodySchema, { option_id: 0, amount: 2 }).success).toBe(false)
  })
})
