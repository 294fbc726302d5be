import {
  buildRights,
  rightFlags,
  rightGroups,
  type RightFlag,
  type RightLimits,
  type Rights,
} from './rights-catalogue'

/**
 * The roles a company member can hold, matching the onboarding position choices (SPEC.md section 2): owner
 * (position id 1), manager, administrator, specialist who provides services, marketing specialist, accountant.
 */
export const companyRoles = [
  'owner',
  'manager',
  'administrator',
  'specialist',
  'marketer',
  'accountant',
] as const
export type CompanyRole = (typeof companyRoles)[number]

export const isCompanyRole = (value: unknown): value is CompanyRole =>
  typeof value === 'string' && (companyRoles as readonly string[]).includes(value)

const all = (...groups: (keyof typeof rightGroups)[]): RightFlag[] =>
  groups.flatMap((group) => [...rightGroups[group]])
const without = (flags: RightFlag[], ...removed: RightFlag[]) =>
  flags.filter((flag) => !removed.includes(flag))

/** What each role may do before anyone adjusts it. The owner has everything and no limits. */
const presets: Record<CompanyRole, { flags: RightFlag[]; limits?: Partial<RightLimits> }> = {
  owner: { flags: [...rightFlags] },
  manager: {
    flags: without(
      all(
        'analyticsConstructor',
        'clientComments',
        'filesAndPhones',
        'depositsAndLoyalty',
        'records',
        'finances',
        'storagesAndGoods',
        'suppliers',
        'servicesSettings',
        'staffSettings',
        'positions',
        'timetable',
        'dashboard',
        'users',
        'options',
        'customFields',
      ),
      'users_rights_edit_access',
      'options_license_buy_access',
      'options_api_access',
    ),
  },
  administrator: {
    flags: [
      ...all('clientComments', 'timetable', 'customFields'),
      ...without(all('records'), 'record_paid_delete_access'),
      ...without(
        all('filesAndPhones'),
        'clients_export_access',
        'clients_import_access',
        'client_phones_export_access',
      ),
      'client_deposits_access',
      'client_deposits_top_up_access',
      'loyalty_access',
      'loyalty_cards_access',
      'loyalty_certificates_access',
      'loyalty_certificates_sell_access',
      'loyalty_abonements_access',
      'loyalty_abonements_sell_access',
      'finances_access',
      'finances_transactions_access',
      'finances_transactions_create_access',
      'finances_daily_report_access',
      'finances_kkm_access',
      'finances_x_report_access',
      'finances_z_report_access',
      'storages_access',
      'storages_goods_access',
      'storages_sale_access',
      'settings_services_access',
      'settings_master_access',
      'dashboard_access',
      'dashboard_records_access',
    ],
    limits: { edit_records_last_days_count: 7, finances_last_days_count: 1 },
  },
  specialist: {
    flags: [
      'timetable_access',
      'record_form_access',
      'record_form_client_access',
      'record_create_access',
      'record_edit_access',
      'record_history_access',
      'record_client_visit_history_access',
      'client_comments_own_list_access',
      'client_comments_add_access',
      'client_comments_own_edit_access',
      'client_card_access',
      'custom_fields_record_values_read_access',
      'custom_fields_client_values_read_access',
    ],
    limits: { edit_records_last_days_count: 1, create_records_last_days_count: 0 },
  },
  marketer: {
    flags: [
      ...all('analyticsConstructor', 'dashboard'),
      ...without(
        all('depositsAndLoyalty'),
        'client_deposits_withdraw_access',
        'loyalty_cards_edit_balance_access',
      ),
      'clients_access',
      'client_card_access',
      'client_email_access',
      'client_categories_access',
      'client_categories_create_access',
      'clients_export_access',
      'options_notifications_access',
      'options_online_booking_access',
      'custom_fields_client_values_read_access',
    ],
  },
  accountant: {
    flags: [
      ...all('finances', 'storagesAndGoods', 'suppliers'),
      'analytics_access',
      'analytics_reports_export_access',
      'billing_access',
      'billing_invoices_access',
      'billing_history_access',
      'invoicing_settings_read_access',
      'dashboard_access',
      'dashboard_finances_access',
      'record_finances_access',
    ],
  },
}

/** The rights of a role, with any per-user changes the owner saved on top (flags switched on or off, limits). */
export function rightsForRole(role: string, overrides: Partial<Rights> | null = null): Rights {
  const preset = presets[isCompanyRole(role) ? role : 'specialist']
  const base = buildRights(preset.flags, preset.limits)
  if (!overrides) return base
  const granted = rightFlags.filter((flag) => overrides[flag] ?? base[flag])
  const limits: Partial<RightLimits> = {}
  for (const key of Object.keys(base) as (keyof Rights)[]) {
    if (!(rightFlags as readonly string[]).includes(key) && key in overrides) {
      Object.assign(limits, { [key]: overrides[key] })
    }
  }
  return buildRights(granted, { ...preset.limits, ...limits })
}

/** Roles an invitation may carry: every company role but owner, which only the registering person holds. */
export type InvitableRole = Exclude<CompanyRole, 'owner'>
export const invitableRoles = companyRoles.filter((role): role is InvitableRole => role !== 'owner')

/**
 * The invitable roles whose rights the sender holds in full: nobody invites a colleague to more than they may do
 * themselves, as nobody grants a right they do not have.
 */
export function rolesInvitableWith(senderRights: Readonly<Rights>): InvitableRole[] {
  return invitableRoles.filter((role) => {
    const rights = rightsForRole(role)
    return rightFlags.every((flag) => !rights[flag] || senderRights[flag])
  })
}
