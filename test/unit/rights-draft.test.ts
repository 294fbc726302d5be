import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { rightsForRole } from '../../contract/access/role-presets'
import { messages as enMessages } from '../../locales/en/workspace.po'
import { changeWords } from '../../src/business/rights/rights-change-words'
import { dayCountOf, lockedReads, matchesSearch, withFlag } from '../../src/business/rights/rights-draft'

const specialist = rightsForRole('specialist')

describe('editing a draft of rights', () => {
  it('ticks and locks the read flag when an edit flag is ticked', () => {
    const draft = withFlag(
      { ...specialist, kkm_settings_read_access: false },
      'kkm_settings_update_access',
      true,
    )
    expect(draft.kkm_settings_read_access).toBe(true)
    expect(lockedReads(draft).get('kkm_settings_read_access')).toBe('kkm_settings_update_access')
    expect(lockedReads(specialist).has('kkm_settings_read_access')).toBe(false)
  })

  it('unticks the edit flag when its read flag is unticked, and leaves others alone', () => {
    const both = withFlag(specialist, 'custom_fields_client_values_edit_access', true)
    const draft = withFlag(both, 'custom_fields_client_values_read_access', false)
    expect(draft.custom_fields_client_values_edit_access).toBe(false)
    expect(draft.custom_fields_record_values_read_access).toBe(true)
    expect(withFlag(specialist, 'timetable_access', false).record_create_access).toBe(true)
  })

  it('reads day counts: empty is no limit, whole numbers up to 3650 are limits', () => {
    expect([dayCountOf(''), dayCountOf(' 0 '), dayCountOf('30'), dayCountOf('3650')]).toEqual([
      null,
      0,
      30,
      3650,
    ])
    expect([dayCountOf('3651'), dayCountOf('-1'), dayCountOf('1.5'), dayCountOf('x')]).toEqual(
      Array(4).fill('invalid'),
    )
  })

  it('finds flags by title, description or key, every word of the query', () => {
    const title = 'Export client phone numbers'
    const description = 'Lets the person download the list of clients’ phone numbers.'
    const flag = 'client_phones_export_access'
    expect(matchesSearch('phones_export', flag, title, description)).toBe(true)
    expect(matchesSearch('EXPORT phone', flag, title, description)).toBe(true)
    expect(matchesSearch('download list', flag, title, description)).toBe(true)
    expect(matchesSearch('export salary', flag, title, description)).toBe(false)
    expect(matchesSearch('клиент телефон', flag, 'Телефоны клиентов', 'Показывает телефоны.')).toBe(true)
    expect(matchesSearch('клиент склад', flag, 'Телефоны клиентов', 'Показывает телефоны.')).toBe(false)
    expect(matchesSearch('телефон', flag, 'Телефоны клиентов', 'Показывает телефоны.')).toBe(true)
  })

  it('reads a diff in words: granted, taken away, limits from and to', () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: enMessages } })
    i18n.activate('en')
    const words = changeWords(
      i18n,
      [
        { key: 'settings_master_access', from: false, to: true },
        { key: 'timetable_access', from: true, to: false },
        { key: 'edit_records_last_days_count', from: 1, to: 3 },
        { key: 'restricted_master_id', from: null, to: 31 },
        { key: 'restricted_record_group_id', from: 7, to: 8 },
        { key: 'restricted_account_ids', from: [1], to: null },
      ],
      {
        staff: new Map([[31, 'Olga Petrova']]),
        accounts: new Map([[1, 'Main cash desk']]),
        groups: new Map([[8, 'Hair hall']]),
      },
    )
    expect(words).toEqual({
      granted: ['Staff'],
      takenAway: ['Appointment book'],
      limits: [
        'Edit appointments of the last … days: from 1 days to 3 days',
        'Only one staff member: from no limit to Olga Petrova',
        'Only one appointment group: from a deleted group to Hair hall',
        'Only these accounts: from Main cash desk to no limit',
      ],
    })
  })
})
