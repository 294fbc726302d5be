import { http, type HttpHandler } from 'msw'
import type { AccountSession } from '../../contract/auth/account-sessions-schemas'
import type { CompanyTwoFactor } from '../../contract/auth/two-factor-schemas'
import { apiBase } from '../../src/api/client'
import { ok } from './msw-api'

export const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

/** Anna's sessions: this laptop, and her phone. */
export const annaSessions: AccountSession[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    user_agent: FIREFOX_WINDOWS,
    ip: '203.0.113.7',
    signed_in_at: '2026-11-20T09:00:00Z',
    last_active_at: '2026-11-25T08:45:00Z',
    current: true,
    by_support: false,
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    user_agent: SAFARI_IPHONE,
    ip: '198.51.100.23',
    signed_in_at: '2026-11-01T18:30:00Z',
    last_active_at: '2026-11-24T21:10:00Z',
    current: false,
    by_support: false,
  },
]

/** Salon One's members: Anna (owner, no own factor), a manager and an administrator, a specialist with e-mail. */
export const salonOnePolicy: CompanyTwoFactor = {
  required_for: 'nobody',
  members: [
    { user_id: 7, name: 'Anna', role: 'owner', own_two_factor: 'off' },
    { user_id: 8, name: 'Boris', role: 'manager', own_two_factor: 'off' },
    { user_id: 9, name: 'Vera', role: 'administrator', own_two_factor: 'off' },
    { user_id: 10, name: 'Gleb', role: 'specialist', own_two_factor: 'email' },
  ],
}

/** What the Security page reads besides the user's own setting: the devices and the company's rule. */
export function securityPageReplies(
  sessions: AccountSession[] = annaSessions,
  policy: CompanyTwoFactor = salonOnePolicy,
): HttpHandler[] {
  return [
    http.get(`${apiBase}/user/sessions`, () => ok(sessions)),
    http.get(`${apiBase}/company/:id/security/two_factor`, () => ok(policy)),
  ]
}
