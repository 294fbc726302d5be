import type { RightFlag, Rights } from './access/rights-catalogue'
import { hasFeatureAccess } from './access/feature-access'
import type { FeatureModule } from './access/feature-modules'

/** One section of the workspace: its path under `/company/{id}`, its name, and the module that shows it. */
export interface WorkspaceSection {
  key:
    | 'overview'
    | 'book'
    | 'services'
    | 'chain-services'
    | 'categories'
    | 'staff'
    | 'labels'
    | 'customFields'
    | 'goods-categories'
    | 'resources'
    | 'working-hours'
    | 'positions'
    | 'record-groups'
    | 'payment-methods'
    | 'accounts'
    | 'storages'
    | 'client-categories'
    | 'clients'
    | 'licence'
    | 'profile'
    | 'online-booking'
    | 'security'
  /** Under `/{lang}/company/{id}`; '' for the overview. */
  path:
    | ''
    | '/book'
    | '/services'
    | '/chain-services'
    | '/categories'
    | '/staff'
    | '/labels'
    | '/custom-fields'
    | '/goods-categories'
    | '/resources'
    | '/working-hours'
    | '/positions'
    | '/record-groups'
    | '/payment-methods'
    | '/accounts'
    | '/storages'
    | '/client-categories'
    | '/clients'
    | '/licence'
    | '/profile'
    | '/online-booking'
    | '/security'
  /** Its name in the navigation: the English source of the app's catalog (src/business/shell/sections.ts). */
  title: string
  /**
   * The module of the feature-access lookup (SPEC.md section 6, contract/access/feature-access.ts) without which
   * the section is not listed; none for the overview and the user's own pages, open to every member.
   */
  module: FeatureModule | null
  /** The flags of which at least one makes the section editable; without them it is read-only. */
  editFlags: RightFlag[]
  /** Shown only in a company that belongs to a chain (main_group_id set). */
  onlyInChain?: true
}

/**
 * The sections that have a screen, in the order the navigation lists them (SPEC.md section 1: staff manage
 * services and service categories). The other business areas are listed once their screens exist.
 */
export const workspaceSections: WorkspaceSection[] = [
  { key: 'overview', path: '', title: 'Overview', module: null, editFlags: [] },
  {
    key: 'book',
    path: '/book',
    title: 'Appointment book',
    module: 'timetable',
    // Booking and changing appointments; each status has its own flag, checked on its button.
    editFlags: ['record_create_access', 'record_edit_access'],
  },
  {
    key: 'services',
    path: '/services',
    title: 'Services',
    module: 'services',
    editFlags: [
      'settings_services_create_access',
      'settings_services_edit_access',
      'settings_services_delete_access',
    ],
  },
  {
    key: 'chain-services',
    path: '/chain-services',
    title: 'Chain services',
    module: 'services',
    // A chain change also needs these flags in every salon it touches; the server says which are missing.
    editFlags: [
      'settings_services_create_access',
      'settings_services_edit_access',
      'settings_services_delete_access',
    ],
    onlyInChain: true,
  },
  {
    key: 'categories',
    path: '/categories',
    title: 'Service categories',
    module: 'services',
    editFlags: ['settings_services_categories_access'],
  },
  {
    key: 'staff',
    path: '/staff',
    title: 'Staff',
    module: 'staff',
    // The flags the server checks on the team's changes (server/business/staff/routes.ts); any one of them
    // offers its own controls, and the card shows only those.
    editFlags: [
      'settings_master_create_access',
      'settings_master_edit_access',
      'settings_master_dismiss_access',
      'settings_master_delete_access',
      'settings_master_services_access',
      'settings_master_accesses_access',
      'settings_master_notifications_access',
    ],
  },
  {
    key: 'labels',
    path: '/labels',
    title: 'Labels',
    module: 'labels',
    editFlags: ['settings_labels_edit_access'],
  },
  {
    key: 'clients',
    path: '/clients',
    title: 'Clients',
    module: 'clients',
    editFlags: [
      'clients_create_access',
      'clients_edit_access',
      'clients_delete_access',
      'clients_import_access',
    ],
  },
  {
    key: 'client-categories',
    path: '/client-categories',
    title: 'Client categories',
    module: 'client_categories',
    // The catalogue has one flag for changing client categories; it covers renaming and deleting too.
    editFlags: ['client_categories_create_access'],
  },
  {
    key: 'customFields',
    path: '/custom-fields',
    title: 'Custom fields',
    // Either kind readable opens the section; its tabs follow each kind's flags (edit implies read).
    module: 'custom_fields',
    editFlags: ['custom_fields_client_values_edit_access', 'custom_fields_record_values_edit_access'],
  },
  {
    key: 'working-hours',
    path: '/working-hours',
    title: 'Working hours',
    module: 'timetable',
    editFlags: ['timetable_settings_edit_access', 'timetable_schedule_edit_access'],
  },
  {
    key: 'positions',
    path: '/positions',
    title: 'Positions',
    module: 'positions',
    editFlags: [
      'settings_positions_create_access',
      'settings_positions_edit_access',
      'settings_positions_delete_access',
    ],
  },
  {
    key: 'record-groups',
    path: '/record-groups',
    title: 'Halls and departments',
    // The appointment groups belong to the staff: whoever reads the team sees them, the staff-card flag changes
    // them (as it changes a member's group).
    module: 'staff',
    editFlags: ['settings_master_edit_access'],
  },
  {
    key: 'resources',
    path: '/resources',
    title: 'Resources',
    module: 'resources',
    editFlags: ['settings_resources_edit_access'],
  },
  {
    key: 'goods-categories',
    path: '/goods-categories',
    title: 'Goods categories',
    module: 'goods',
    editFlags: ['storages_goods_categories_access'],
  },
  {
    key: 'storages',
    path: '/storages',
    title: 'Storages',
    module: 'storages',
    editFlags: ['storages_edit_access'],
  },
  {
    key: 'payment-methods',
    path: '/payment-methods',
    title: 'Payment methods',
    // Reading the list is open to whoever takes payments; the pins card also needs record_finances_access.
    module: 'payment_methods',
    editFlags: ['finances_payment_methods_edit_access', 'options_attendance_pins_access'],
  },
  {
    key: 'accounts',
    path: '/accounts',
    title: 'Accounts',
    // A member limited to some accounts still opens the section; the list shows only theirs.
    module: 'accounts',
    editFlags: ['finances_accounts_edit_access'],
  },
  {
    key: 'licence',
    path: '/licence',
    title: 'Licence',
    module: 'license',
    editFlags: ['options_license_buy_access'],
  },
  {
    key: 'profile',
    path: '/profile',
    title: 'Company profile',
    // The company's settings: whoever may see them reads the profile, the company-edit flag changes it.
    module: 'options',
    editFlags: ['options_company_edit_access'],
  },
  {
    key: 'online-booking',
    path: '/online-booking',
    title: 'Booking on your site',
    // A setting of the company like its profile: the same module shows it, the same flag changes it.
    module: 'options',
    editFlags: ['options_company_edit_access'],
  },
]

/**
 * The user's own pages, reached from the user menu rather than the navigation: they live under the company
 * (the shell, the switcher and the menu stay), open to every member, and no section shows as current there.
 */
export const accountPages: WorkspaceSection[] = [
  { key: 'security', path: '/security', title: 'Security', module: null, editFlags: [] },
]

/**
 * Whether the user's rights open a section: the feature-access lookup of its module decides, and a chain's
 * section opens only in a company of a chain.
 */
export const canRead = (rights: Rights, section: WorkspaceSection, inChain = false) =>
  (section.onlyInChain !== true || inChain) &&
  (section.module === null || hasFeatureAccess(rights, section.module))

/** The sections the user's rights in a company let them see; `inChain`: the company belongs to a chain. */
export const visibleSections = (rights: Rights, inChain = false) =>
  workspaceSections.filter((section) => canRead(rights, section, inChain))

/** Whether the user may change anything in a section, or only look. */
export const canEdit = (rights: Rights, section: WorkspaceSection) =>
  section.editFlags.length === 0 || section.editFlags.some((flag) => rights[flag])
