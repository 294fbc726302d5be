/**
 * The rights object (SPEC.md section 6): about 190 permission flags in the groups of the specification, loaded
 * per user together with the company. The server enforces them on every route; the app reads them to hide what
 * the user cannot use. One list, shared by both.
 */
export const rightGroups = {
  analyticsConstructor: [
    'analytics_access',
    'analytics_constructor_access',
    'analytics_constructor_create_access',
    'analytics_constructor_edit_access',
    'analytics_constructor_delete_access',
    'analytics_reports_export_access',
    'analytics_lost_clients_access',
  ],
  billing: [
    'billing_access',
    'billing_invoices_access',
    'billing_invoices_pay_access',
    'billing_tariff_change_access',
    'billing_history_access',
    'invoicing_settings_read_access',
    'invoicing_settings_update_access',
  ],
  clientComments: [
    'client_comments_list_access',
    'client_comments_own_list_access',
    'client_comments_add_access',
    'client_comments_own_edit_access',
    'client_comments_edit_access',
    'client_comments_own_delete_access',
    'client_comments_delete_access',
  ],
  filesAndPhones: [
    'client_files_list_access',
    'client_files_upload_access',
    'client_files_delete_access',
    'client_phones_access',
    'client_phones_export_access',
    'client_email_access',
    'client_card_access',
    'clients_access',
    'clients_create_access',
    'clients_edit_access',
    'clients_delete_access',
    'clients_export_access',
    'clients_import_access',
    'clients_merge_access',
    'client_categories_access',
    'client_categories_create_access',
  ],
  depositsAndLoyalty: [
    'client_deposits_access',
    'client_deposits_top_up_access',
    'client_deposits_withdraw_access',
    'loyalty_access',
    'loyalty_cards_access',
    'loyalty_cards_issue_access',
    'loyalty_cards_edit_balance_access',
    'loyalty_programs_access',
    'loyalty_programs_edit_access',
    'loyalty_certificates_access',
    'loyalty_certificates_sell_access',
    'loyalty_abonements_access',
    'loyalty_abonements_sell_access',
    'loyalty_abonements_freeze_access',
    'loyalty_discounts_access',
    'loyalty_cashback_access',
  ],
  records: [
    'record_form_access',
    'record_form_client_access',
    'record_create_access',
    'record_edit_access',
    'record_delete_access',
    'record_paid_edit_access',
    'record_paid_delete_access',
    'record_autocomplete_access',
    'record_duration_edit_access',
    'record_services_edit_access',
    'record_services_price_edit_access',
    'record_goods_access',
    'record_goods_edit_access',
    'record_finances_access',
    'record_finances_payment_access',
    'record_finances_refund_access',
    'record_status_change_access',
    'record_history_access',
    'record_client_visit_history_access',
    'record_online_records_access',
    'record_group_events_access',
    'record_confirm_access',
  ],
  finances: [
    'finances_access',
    'finances_accounts_access',
    'finances_accounts_edit_access',
    'finances_accounts_balance_access',
    'finances_transactions_access',
    'finances_transactions_create_access',
    'finances_transactions_edit_access',
    'finances_transactions_delete_access',
    'finances_reports_access',
    'finances_period_report_access',
    'finances_daily_report_access',
    'finances_pnl_report_access',
    'finances_expenses_access',
    'finances_expenses_edit_access',
    'finances_salary_access',
    'finances_salary_calculate_access',
    'finances_salary_pay_access',
    'finances_salary_settings_access',
    'finances_kkm_access',
    'finances_kkm_transactions_access',
    'kkm_settings_read_access',
    'kkm_settings_update_access',
    'finances_z_report_access',
    'finances_x_report_access',
    'finances_payment_methods_access',
    'finances_payment_methods_edit_access',
  ],
  storagesAndGoods: [
    'storages_access',
    'storages_edit_access',
    'storages_goods_access',
    'storages_goods_create_access',
    'storages_goods_edit_access',
    'storages_goods_delete_access',
    'storages_goods_categories_access',
    'storages_transactions_access',
    'storages_transactions_create_access',
    'storages_inventory_access',
    'storages_write_off_access',
    'storages_moving_access',
    'storages_sale_access',
    'storages_reports_access',
    'storages_prices_edit_access',
  ],
  suppliers: [
    'suppliers_access',
    'suppliers_create_access',
    'suppliers_edit_access',
    'suppliers_delete_access',
    'suppliers_orders_access',
  ],
  servicesSettings: [
    'settings_services_access',
    'settings_services_create_access',
    'settings_services_edit_access',
    'settings_services_delete_access',
    'settings_services_categories_access',
    'settings_services_prices_edit_access',
    'settings_services_online_access',
    'settings_services_composite_access',
    'settings_resources_access',
    'settings_resources_edit_access',
    'settings_labels_access',
    'settings_labels_edit_access',
    'settings_custom_fields_access',
    'settings_custom_fields_edit_access',
  ],
  staffSettings: [
    'settings_master_access',
    'settings_master_create_access',
    'settings_master_edit_access',
    'settings_master_dismiss_access',
    'settings_master_delete_access',
    'settings_master_services_access',
    'settings_master_schedule_access',
    'settings_master_accesses_access',
    'settings_master_notifications_access',
    'settings_master_invite_access',
  ],
  positions: [
    'settings_positions_access',
    'settings_positions_create_access',
    'settings_positions_edit_access',
    'settings_positions_delete_access',
  ],
  security: [
    'security_access',
    'security_2fa_access',
    'security_logins_history_access',
    'security_data_changes_history_access',
    'security_export_access',
    'security_import_access',
    'security_employee_changes_history_access',
    'security_sessions_access',
  ],
  timetable: [
    'timetable_access',
    'timetable_phones_access',
    'timetable_transfer_record_access',
    'timetable_statistics_access',
    'timetable_schedule_edit_access',
    'timetable_other_masters_access',
    'timetable_settings_access',
    'timetable_settings_edit_access',
    'timetable_print_access',
    'timetable_waiting_list_access',
  ],
  dashboard: [
    'dashboard_access',
    'dashboard_finances_access',
    'dashboard_records_access',
    'dashboard_clients_access',
    'dashboard_staff_access',
  ],
  users: [
    'users_access',
    'users_invite_access',
    'users_edit_access',
    'users_delete_access',
    'users_rights_edit_access',
  ],
  options: [
    'options_access',
    'options_company_edit_access',
    'options_notifications_access',
    'options_online_booking_access',
    'options_integrations_access',
    'options_license_access',
    'options_license_buy_access',
    'options_sms_sender_access',
    'options_storage_settings_access',
    'options_attendance_pins_access',
    'options_chain_access',
    'options_webhooks_access',
    'options_api_access',
  ],
  customFields: [
    'custom_fields_record_values_read_access',
    'custom_fields_record_values_edit_access',
    'custom_fields_client_values_read_access',
    'custom_fields_client_values_edit_access',
  ],
} as const

export type RightGroup = keyof typeof rightGroups
export type RightFlag = (typeof rightGroups)[RightGroup][number]

/** Every flag, in catalogue order. */
export const rightFlags: readonly RightFlag[] = Object.values(rightGroups).flat()

/**
 * The numeric limits of the rights object. Null means "no limit". The day counts bound how far back a user may
 * edit or create records (and see finances); the ids restrict the user to one master, one record group, or a
 * list of accounts.
 */
export interface RightLimits {
  edit_records_last_days_count: number | null
  create_records_last_days_count: number | null
  finances_last_days_count: number | null
  restricted_master_id: number | null
  restricted_record_group_id: number | null
  restricted_account_ids: number[] | null
}

export const noLimits: RightLimits = {
  edit_records_last_days_count: null,
  create_records_last_days_count: null,
  finances_last_days_count: null,
  restricted_master_id: null,
  restricted_record_group_id: null,
  restricted_account_ids: null,
}

export type Rights = Record<RightFlag, boolean> & RightLimits

/**
 * Edit access requires read access as well (SPEC.md section 5): each pair is [edit flag, the read flag it needs].
 * The server applies it when rights are built; the rights editor ticks and locks the read flag the same way.
 */
export const editImpliesRead: readonly (readonly [RightFlag, RightFlag])[] = [
  ['custom_fields_record_values_edit_access', 'custom_fields_record_values_read_access'],
  ['custom_fields_client_values_edit_access', 'custom_fields_client_values_read_access'],
  ['invoicing_settings_update_access', 'invoicing_settings_read_access'],
  ['kkm_settings_update_access', 'kkm_settings_read_access'],
]

/** Builds a complete rights object from the flags that are on, applying the rule that edit implies read. */
export function buildRights(granted: Iterable<RightFlag>, limits: Partial<RightLimits> = {}): Rights {
  const on = new Set(granted)
  for (const [edit, read] of editImpliesRead) if (on.has(edit)) on.add(read)
  const flags = Object.fromEntries(rightFlags.map((flag) => [flag, on.has(flag)])) as Record<
    RightFlag,
    boolean
  >
  return { ...flags, ...noLimits, ...limits }
}
