import { describe, expect, it } from 'vitest'
import { roleLabel } from '../../src/business/overview/role-label'
import { activateLanguage, i18n } from '../../src/i18n/activate'

// The home screen's company cards name the user's role in each company.

describe('the role on a company card', () => {
  it('names each known role in the user’s words', () => {
    activateLanguage('en')
    expect(
      ['owner', 'manager', 'administrator', 'specialist', 'marketer', 'accountant'].map((role) =>
        roleLabel(i18n, role),
      ),
    ).toEqual(['Owner', 'Manager', 'Administrator', 'Specialist', 'Marketing specialist', 'Accountant'])
  })

  it('shows a role it does not know as the server named it', () => {
    activateLanguage('en')
    expect(roleLabel(i18n, 'cashier')).toBe('cashier')
  })
})
