import type { RightFlag } from './rights-catalogue'

/**
 * The modules of the business side and the flags that open each (SPEC.md section 6, "Feature-access lookup").
 * A module is open when the rights object grants any of its flags: custom fields, for one, are open to a user who
 * may read either kind. The flags are the ones the server checks on the module's calls (docs/api.md).
 */
export const featureModules = {
  analytics: ['analytics_access'],
  billing: ['billing_access'],
  clients: ['clients_access'],
  client_categories: ['client_categories_access'],
  loyalty: ['loyalty_access'],
  timetable: ['timetable_access'],
  records: ['record_form_access'],
  finances: ['finances_access'],
  accounts: ['finances_accounts_access'],
  payment_methods: ['finances_access'],
  salary: ['finances_salary_access'],
  kkm: ['kkm_settings_read_access'],
  invoicing: ['invoicing_settings_read_access'],
  storages: ['storages_access'],
  goods: ['storages_goods_access'],
  suppliers: ['suppliers_access'],
  services: ['settings_services_access'],
  resources: ['settings_resources_access'],
  labels: ['settings_labels_access'],
  // Edit implies read (src/api/custom-fields/read-access.ts), even in a rights object that says otherwise.
  custom_fields: [
    'custom_fields_record_values_read_access',
    'custom_fields_client_values_read_access',
    'custom_fields_record_values_edit_access',
    'custom_fields_client_values_edit_access',
  ],
  staff: ['settings_master_access'],
  positions: ['settings_positions_access'],
  security: ['security_access'],
  dashboard: ['dashboard_access'],
  users: ['users_access'],
  options: ['options_access'],
  license: ['options_license_access'],
  attendance_pins: ['options_attendance_pins_access'],
} as const satisfies Record<string, readonly RightFlag[]>

export type FeatureModule = keyof typeof featureModules

export const isFeatureModule = (value: string): value is FeatureModule => Object.hasOwn(featureModules, value)
