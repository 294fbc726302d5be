import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { RightFlag, RightGroup, RightLimits } from '../../../contract/access/rights-catalogue'

/** A flag's name in the editor and the catalogue, and one sentence on what it lets the person do. */
export interface RightText {
  title: MessageDescriptor
  description: MessageDescriptor
}

/** The name of each group of flags, in the editor and in docs/rights-catalogue.md. */
export const rightGroupTitles: Record<RightGroup, MessageDescriptor> = {
  analyticsConstructor: msg`Analytics`,
  billing: msg`Billing and invoices`,
  clientComments: msg`Client comments`,
  filesAndPhones: msg`Clients: cards, files and phones`,
  depositsAndLoyalty: msg`Deposits and loyalty`,
  records: msg`Appointments`,
  finances: msg`Finances`,
  storagesAndGoods: msg`Storages and goods`,
  suppliers: msg`Suppliers`,
  servicesSettings: msg`Services settings`,
  staffSettings: msg`Staff settings`,
  positions: msg`Positions`,
  security: msg`Security`,
  timetable: msg`Appointment book`,
  dashboard: msg`Dashboard`,
  users: msg`Team access`,
  options: msg`Company settings`,
  customFields: msg`Custom field values`,
}

/** The numeric limits: each one's name and what it restricts. */
export const rightLimitTexts: Record<keyof RightLimits, RightText> = {
  edit_records_last_days_count: {
    title: msg`Edit appointments of the last … days`,
    description: msg`How many days back the person may change past appointments; empty means no limit, 0 means today only.`,
  },
  create_records_last_days_count: {
    title: msg`Create appointments for the last … days`,
    description: msg`How many days back the person may add an appointment after the fact; empty means no limit, 0 means today only.`,
  },
  finances_last_days_count: {
    title: msg`See finances of the last … days`,
    description: msg`How many days back the person sees payments and reports; empty means no limit.`,
  },
  restricted_master_id: {
    title: msg`Only one staff member`,
    description: msg`The person sees and works with one staff member only (usually themselves): the staff list, the staff card and the appointment book show that member alone.`,
  },
  restricted_record_group_id: {
    title: msg`Only one appointment group`,
    description: msg`The person works only with one appointment group (one hall or department of the salon): the staff list, the staff card and the appointment book show that group's staff members alone, and their appointments.`,
  },
  restricted_account_ids: {
    title: msg`Only these accounts`,
    description: msg`The cash desks and bank accounts the person may see and take payments to; none ticked means all of them.`,
  },
}

/**
 * Every flag's name and description, in both languages through the catalogs. Typed by the catalogue, so a flag
 * without a text does not compile; docs/rights-catalogue.md is generated from this list (npm run docs:rights).
 */
export const rightTexts: Record<RightFlag, RightText> = {
  // Analytics
  analytics_access: {
    title: msg`Analytics`,
    description: msg`Opens the analytics section: revenue, visits, average bill and staff load reports.`,
  },
  analytics_constructor_access: {
    title: msg`Report builder`,
    description: msg`Opens the report builder and the reports built there by colleagues.`,
  },
  analytics_constructor_create_access: {
    title: msg`Build new reports`,
    description: msg`Lets the person assemble a new report from metrics and filters and save it for the salon.`,
  },
  analytics_constructor_edit_access: {
    title: msg`Change saved reports`,
    description: msg`Lets the person change the metrics, filters and layout of reports saved in the builder.`,
  },
  analytics_constructor_delete_access: {
    title: msg`Delete saved reports`,
    description: msg`Lets the person remove reports from the builder for everyone in the salon.`,
  },
  analytics_reports_export_access: {
    title: msg`Export reports`,
    description: msg`Lets the person download analytics reports as a spreadsheet.`,
  },
  analytics_lost_clients_access: {
    title: msg`Lost clients`,
    description: msg`Shows the clients who have not come back for longer than the salon's threshold, with their contacts.`,
  },
  // Billing
  billing_access: {
    title: msg`Billing`,
    description: msg`Opens the salon's account with the software provider: balance, tariff and payments.`,
  },
  billing_invoices_access: {
    title: msg`Invoices from the provider`,
    description: msg`Shows the invoices the software provider has issued to the salon and lets the person download them.`,
  },
  billing_invoices_pay_access: {
    title: msg`Pay the provider's invoices`,
    description: msg`Lets the person pay the software provider's invoices by card from the workspace.`,
  },
  billing_tariff_change_access: {
    title: msg`Change the tariff`,
    description: msg`Lets the person switch the salon to another tariff of the software provider.`,
  },
  billing_history_access: {
    title: msg`Billing history`,
    description: msg`Shows every payment and charge on the salon's account with the provider.`,
  },
  invoicing_settings_read_access: {
    title: msg`See invoicing settings`,
    description: msg`Shows how the salon issues invoices to companies that pay for their staff's visits.`,
  },
  invoicing_settings_update_access: {
    title: msg`Change invoicing settings`,
    description: msg`Lets the person change the salon's legal details and numbering on invoices it issues (includes seeing them).`,
  },
  // Client comments
  client_comments_list_access: {
    title: msg`Read all comments on clients`,
    description: msg`Shows every colleague's comments on a client's card, such as allergies or preferences.`,
  },
  client_comments_own_list_access: {
    title: msg`Read own comments on clients`,
    description: msg`Shows the comments the person wrote on a client's card, not those of colleagues.`,
  },
  client_comments_add_access: {
    title: msg`Add comments on clients`,
    description: msg`Lets the person write a comment on a client's card after a visit.`,
  },
  client_comments_own_edit_access: {
    title: msg`Edit own comments`,
    description: msg`Lets the person correct the comments they wrote on clients.`,
  },
  client_comments_edit_access: {
    title: msg`Edit anyone's comments`,
    description: msg`Lets the person correct comments on clients written by any colleague.`,
  },
  client_comments_own_delete_access: {
    title: msg`Delete own comments`,
    description: msg`Lets the person remove the comments they wrote on clients.`,
  },
  client_comments_delete_access: {
    title: msg`Delete anyone's comments`,
    description: msg`Lets the person remove comments on clients written by any colleague.`,
  },
  // Clients: cards, files and phones
  client_files_list_access: {
    title: msg`See client files`,
    description: msg`Shows the files attached to a client's card: photos before and after, signed consents.`,
  },
  client_files_upload_access: {
    title: msg`Attach client files`,
    description: msg`Lets the person attach photos and documents to a client's card.`,
  },
  client_files_delete_access: {
    title: msg`Delete client files`,
    description: msg`Lets the person remove files attached to a client's card.`,
  },
  client_phones_access: {
    title: msg`See client phone numbers`,
    description: msg`Shows clients' phone numbers in full; without it they are partly hidden.`,
  },
  client_phones_export_access: {
    title: msg`Export client phone numbers`,
    description: msg`Lets the person download the list of clients' phone numbers, for example for a mailing.`,
  },
  client_email_access: {
    title: msg`See client e-mail addresses`,
    description: msg`Shows clients' e-mail addresses on their cards and in lists.`,
  },
  client_card_access: {
    title: msg`Open client cards`,
    description: msg`Lets the person open a client's card with their visits, notes and contacts.`,
  },
  clients_access: {
    title: msg`Client base`,
    description: msg`Opens the list of all the salon's clients with search and filters.`,
  },
  clients_create_access: {
    title: msg`Add clients`,
    description: msg`Lets the person add a new client to the base.`,
  },
  clients_edit_access: {
    title: msg`Edit clients`,
    description: msg`Lets the person change a client's name, contacts, birthday and other card details.`,
  },
  clients_delete_access: {
    title: msg`Delete clients`,
    description: msg`Lets the person remove clients from the base.`,
  },
  clients_export_access: {
    title: msg`Export the client base`,
    description: msg`Lets the person download the whole client base as a spreadsheet.`,
  },
  clients_import_access: {
    title: msg`Import clients`,
    description: msg`Lets the person load clients from a spreadsheet, for example when moving from another system.`,
  },
  clients_merge_access: {
    title: msg`Merge duplicate clients`,
    description: msg`Lets the person join two cards of the same client into one, with all their visits.`,
  },
  client_categories_access: {
    title: msg`Client categories`,
    description: msg`Shows the client categories (VIP, regular, new) and lets the person put clients into them.`,
  },
  client_categories_create_access: {
    title: msg`Create client categories`,
    description: msg`Lets the person create, rename and delete client categories.`,
  },
  // Deposits and loyalty
  client_deposits_access: {
    title: msg`Client deposits`,
    description: msg`Shows the money clients keep on deposit at the salon and its movements.`,
  },
  client_deposits_top_up_access: {
    title: msg`Top up deposits`,
    description: msg`Lets the person take money from a client onto their deposit.`,
  },
  client_deposits_withdraw_access: {
    title: msg`Withdraw from deposits`,
    description: msg`Lets the person pay out or write off money from a client's deposit.`,
  },
  loyalty_access: {
    title: msg`Loyalty`,
    description: msg`Opens the loyalty section: cards, programmes, certificates and memberships.`,
  },
  loyalty_cards_access: {
    title: msg`Loyalty cards`,
    description: msg`Shows clients' loyalty cards with their points and discounts.`,
  },
  loyalty_cards_issue_access: {
    title: msg`Issue loyalty cards`,
    description: msg`Lets the person give a client a new loyalty card.`,
  },
  loyalty_cards_edit_balance_access: {
    title: msg`Change card balances by hand`,
    description: msg`Lets the person add or take away points on a loyalty card without a visit.`,
  },
  loyalty_programs_access: {
    title: msg`Loyalty programmes`,
    description: msg`Shows the salon's loyalty programmes and their rules.`,
  },
  loyalty_programs_edit_access: {
    title: msg`Set up loyalty programmes`,
    description: msg`Lets the person create and change loyalty programmes: discounts, cashback, levels.`,
  },
  loyalty_certificates_access: {
    title: msg`Gift certificates`,
    description: msg`Shows the salon's gift certificates and their remaining value.`,
  },
  loyalty_certificates_sell_access: {
    title: msg`Sell gift certificates`,
    description: msg`Lets the person sell a gift certificate to a client.`,
  },
  loyalty_abonements_access: {
    title: msg`Memberships`,
    description: msg`Shows clients' memberships (packages of visits) and how many visits are left.`,
  },
  loyalty_abonements_sell_access: {
    title: msg`Sell memberships`,
    description: msg`Lets the person sell a membership to a client.`,
  },
  loyalty_abonements_freeze_access: {
    title: msg`Freeze memberships`,
    description: msg`Lets the person pause a client's membership, for example during a holiday or illness.`,
  },
  loyalty_discounts_access: {
    title: msg`Loyalty discounts`,
    description: msg`Lets the person apply loyalty discounts when a visit is paid.`,
  },
  loyalty_cashback_access: {
    title: msg`Cashback`,
    description: msg`Lets the person credit and spend cashback when a visit is paid.`,
  },
  // Appointments
  record_form_access: {
    title: msg`Open appointments`,
    description: msg`Lets the person open an appointment in the appointment book and see its details.`,
  },
  record_form_client_access: {
    title: msg`Client in the appointment`,
    description: msg`Shows who the client of an appointment is, with their name and visit count.`,
  },
  record_create_access: {
    title: msg`Book appointments`,
    description: msg`Lets the person book a client in the appointment book.`,
  },
  record_edit_access: {
    title: msg`Change appointments`,
    description: msg`Lets the person move an appointment, change its time, staff member or client.`,
  },
  record_delete_access: {
    title: msg`Delete appointments`,
    description: msg`Lets the person delete appointments that have not been paid.`,
  },
  record_paid_edit_access: {
    title: msg`Change paid appointments`,
    description: msg`Lets the person change an appointment after the client has paid for it.`,
  },
  record_paid_delete_access: {
    title: msg`Delete paid appointments`,
    description: msg`Lets the person delete an appointment after it was paid, which changes the day's takings.`,
  },
  record_autocomplete_access: {
    title: msg`Fill in from the last visit`,
    description: msg`Offers the client's previous services and staff member when booking them again.`,
  },
  record_duration_edit_access: {
    title: msg`Change appointment length`,
    description: msg`Lets the person make an appointment longer or shorter than the service's usual time.`,
  },
  record_services_edit_access: {
    title: msg`Change services in appointments`,
    description: msg`Lets the person add or remove services in a booked appointment.`,
  },
  record_services_price_edit_access: {
    title: msg`Change prices in appointments`,
    description: msg`Lets the person set a different price for a service in one appointment.`,
  },
  record_goods_access: {
    title: msg`Goods in appointments`,
    description: msg`Shows the goods sold or used during an appointment.`,
  },
  record_goods_edit_access: {
    title: msg`Add goods to appointments`,
    description: msg`Lets the person add or remove goods sold or used during an appointment.`,
  },
  record_finances_access: {
    title: msg`Payment of appointments`,
    description: msg`Shows what an appointment costs and how it was paid.`,
  },
  record_finances_payment_access: {
    title: msg`Take payment`,
    description: msg`Lets the person take a client's payment for an appointment.`,
  },
  record_finances_refund_access: {
    title: msg`Refund payments`,
    description: msg`Lets the person return a client's payment for an appointment.`,
  },
  record_status_change_access: {
    title: msg`Mark arrival`,
    description: msg`Lets the person mark that the client came, did not come or confirmed the appointment.`,
  },
  record_history_access: {
    title: msg`Appointment history`,
    description: msg`Shows who created and changed an appointment, and when.`,
  },
  record_client_visit_history_access: {
    title: msg`Client's past visits`,
    description: msg`Shows a client's earlier visits from within their appointment.`,
  },
  record_online_records_access: {
    title: msg`Online bookings`,
    description: msg`Shows the appointments clients booked themselves online, to check and confirm them.`,
  },
  record_group_events_access: {
    title: msg`Group events`,
    description: msg`Lets the person work with group events, such as classes and workshops, in the appointment book.`,
  },
  record_confirm_access: {
    title: msg`Confirm appointments`,
    description: msg`Lets the person mark an appointment as confirmed after calling the client.`,
  },
  // Finances
  finances_access: {
    title: msg`Finances`,
    description: msg`Opens the finances section of the workspace.`,
  },
  finances_accounts_access: {
    title: msg`Cash desks and accounts`,
    description: msg`Shows the salon's cash desks and bank accounts.`,
  },
  finances_accounts_edit_access: {
    title: msg`Set up cash desks and accounts`,
    description: msg`Lets the person create, rename and close cash desks and bank accounts.`,
  },
  finances_accounts_balance_access: {
    title: msg`Balances of accounts`,
    description: msg`Shows how much money each cash desk and account holds.`,
  },
  finances_transactions_access: {
    title: msg`Transactions`,
    description: msg`Shows the money coming in and going out of the salon's accounts.`,
  },
  finances_transactions_create_access: {
    title: msg`Enter transactions`,
    description: msg`Lets the person enter a payment in or out, such as buying supplies with cash.`,
  },
  finances_transactions_edit_access: {
    title: msg`Change transactions`,
    description: msg`Lets the person correct a transaction's amount, account or purpose.`,
  },
  finances_transactions_delete_access: {
    title: msg`Delete transactions`,
    description: msg`Lets the person remove a transaction from the accounts.`,
  },
  finances_reports_access: {
    title: msg`Financial reports`,
    description: msg`Opens the financial reports of the salon.`,
  },
  finances_period_report_access: {
    title: msg`Report for a period`,
    description: msg`Shows income and expenses for any chosen period.`,
  },
  finances_daily_report_access: {
    title: msg`Daily report`,
    description: msg`Shows the day's takings by cash desk and payment method, for closing the day.`,
  },
  finances_pnl_report_access: {
    title: msg`Profit and loss`,
    description: msg`Shows the salon's profit and loss statement.`,
  },
  finances_expenses_access: {
    title: msg`Expense items`,
    description: msg`Shows the items expenses are booked to, such as rent or supplies.`,
  },
  finances_expenses_edit_access: {
    title: msg`Set up expense items`,
    description: msg`Lets the person create and change the items expenses are booked to.`,
  },
  finances_salary_access: {
    title: msg`Salaries`,
    description: msg`Shows what each staff member has earned.`,
  },
  finances_salary_calculate_access: {
    title: msg`Calculate salaries`,
    description: msg`Lets the person calculate staff salaries for a period.`,
  },
  finances_salary_pay_access: {
    title: msg`Pay salaries`,
    description: msg`Lets the person record salary payments to staff.`,
  },
  finances_salary_settings_access: {
    title: msg`Salary schemes`,
    description: msg`Lets the person set how each staff member is paid: percentages, fixed rates, bonuses.`,
  },
  finances_kkm_access: {
    title: msg`Cash register`,
    description: msg`Lets the person print fiscal receipts on the salon's cash register.`,
  },
  finances_kkm_transactions_access: {
    title: msg`Cash register operations`,
    description: msg`Shows the receipts and operations of the cash register.`,
  },
  kkm_settings_read_access: {
    title: msg`See cash register settings`,
    description: msg`Shows how the cash register is connected and set up.`,
  },
  kkm_settings_update_access: {
    title: msg`Change cash register settings`,
    description: msg`Lets the person connect the cash register and change its settings (includes seeing them).`,
  },
  finances_z_report_access: {
    title: msg`Close the shift (Z-report)`,
    description: msg`Lets the person close the cash register's shift and print the Z-report.`,
  },
  finances_x_report_access: {
    title: msg`Shift report (X-report)`,
    description: msg`Lets the person print the X-report of the open shift without closing it.`,
  },
  finances_payment_methods_access: {
    title: msg`Payment methods`,
    description: msg`Shows which ways of paying the salon accepts.`,
  },
  finances_payment_methods_edit_access: {
    title: msg`Set up payment methods`,
    description: msg`Lets the person switch payment methods on and off and set their order at the cash desk.`,
  },
  // Storages and goods
  storages_access: {
    title: msg`Storages`,
    description: msg`Opens the storages section with the stock of each storage.`,
  },
  storages_edit_access: {
    title: msg`Set up storages`,
    description: msg`Lets the person create, rename and close storages.`,
  },
  storages_goods_access: {
    title: msg`Goods`,
    description: msg`Shows the goods list with prices and stock.`,
  },
  storages_goods_create_access: {
    title: msg`Add goods`,
    description: msg`Lets the person add new goods to the list.`,
  },
  storages_goods_edit_access: {
    title: msg`Change goods`,
    description: msg`Lets the person change a product's name, barcode, unit and other details.`,
  },
  storages_goods_delete_access: {
    title: msg`Delete goods`,
    description: msg`Lets the person remove goods from the list.`,
  },
  storages_goods_categories_access: {
    title: msg`Goods categories`,
    description: msg`Lets the person create, rename, move and delete the categories of goods.`,
  },
  storages_transactions_access: {
    title: msg`Stock movements`,
    description: msg`Shows the arrivals, sales and write-offs of goods.`,
  },
  storages_transactions_create_access: {
    title: msg`Record stock arrivals`,
    description: msg`Lets the person record goods arriving at a storage.`,
  },
  storages_inventory_access: {
    title: msg`Stocktaking`,
    description: msg`Lets the person count the stock and correct it to what is on the shelves.`,
  },
  storages_write_off_access: {
    title: msg`Write off goods`,
    description: msg`Lets the person write off goods used in services, damaged or expired.`,
  },
  storages_moving_access: {
    title: msg`Move goods between storages`,
    description: msg`Lets the person move goods from one storage to another.`,
  },
  storages_sale_access: {
    title: msg`Sell goods`,
    description: msg`Lets the person sell goods to a client at the cash desk.`,
  },
  storages_reports_access: {
    title: msg`Storage reports`,
    description: msg`Shows reports on stock, turnover and goods sold.`,
  },
  storages_prices_edit_access: {
    title: msg`Change goods prices`,
    description: msg`Lets the person change the selling and purchase prices of goods.`,
  },
  // Suppliers
  suppliers_access: {
    title: msg`Suppliers`,
    description: msg`Shows the salon's suppliers and their contacts.`,
  },
  suppliers_create_access: {
    title: msg`Add suppliers`,
    description: msg`Lets the person add a new supplier.`,
  },
  suppliers_edit_access: {
    title: msg`Change suppliers`,
    description: msg`Lets the person change a supplier's details and contacts.`,
  },
  suppliers_delete_access: {
    title: msg`Delete suppliers`,
    description: msg`Lets the person remove suppliers.`,
  },
  suppliers_orders_access: {
    title: msg`Orders to suppliers`,
    description: msg`Lets the person place and track orders of goods from suppliers.`,
  },
  // Services settings
  settings_services_access: {
    title: msg`Service menu`,
    description: msg`Shows the salon's services with their prices and durations.`,
  },
  settings_services_create_access: {
    title: msg`Add services`,
    description: msg`Lets the person add new services to the menu.`,
  },
  settings_services_edit_access: {
    title: msg`Change services`,
    description: msg`Lets the person change a service's title, duration, who performs it and whether it can be booked online.`,
  },
  settings_services_delete_access: {
    title: msg`Delete services`,
    description: msg`Lets the person remove services from the menu.`,
  },
  settings_services_categories_access: {
    title: msg`Service categories`,
    description: msg`Lets the person create, rename and delete the categories of the service menu.`,
  },
  settings_services_prices_edit_access: {
    title: msg`Change service prices`,
    description: msg`Lets the person change the prices of services.`,
  },
  settings_services_online_access: {
    title: msg`Online booking of services`,
    description: msg`Lets the person choose which services clients can book online.`,
  },
  settings_services_composite_access: {
    title: msg`Composite services`,
    description: msg`Lets the person make services out of several parts done one after another.`,
  },
  settings_resources_access: {
    title: msg`Resources`,
    description: msg`Shows the rooms, chairs and devices that services need.`,
  },
  settings_resources_edit_access: {
    title: msg`Set up resources`,
    description: msg`Lets the person create and change rooms, chairs and devices and the services that need them.`,
  },
  settings_labels_access: {
    title: msg`Labels`,
    description: msg`Shows the coloured labels of clients and appointments.`,
  },
  settings_labels_edit_access: {
    title: msg`Set up labels`,
    description: msg`Lets the person create, rename, recolour and delete labels.`,
  },
  settings_custom_fields_access: {
    title: msg`Custom fields`,
    description: msg`Shows the extra fields of client cards and appointments.`,
  },
  settings_custom_fields_edit_access: {
    title: msg`Set up custom fields`,
    description: msg`Lets the person add, change and delete the extra fields of client cards and appointments.`,
  },
  // Staff settings
  settings_master_access: {
    title: msg`Staff`,
    description: msg`Shows the staff list and each staff member's card.`,
  },
  settings_master_create_access: {
    title: msg`Add staff`,
    description: msg`Lets the person add new staff members.`,
  },
  settings_master_edit_access: {
    title: msg`Change staff`,
    description: msg`Lets the person rename staff members, change their position and their order in the list.`,
  },
  settings_master_dismiss_access: {
    title: msg`Dismiss staff`,
    description: msg`Lets the person dismiss a staff member and bring them back to work.`,
  },
  settings_master_delete_access: {
    title: msg`Delete staff`,
    description: msg`Lets the person delete a staff member and remove their sign-in from the salon.`,
  },
  settings_master_services_access: {
    title: msg`Services of staff`,
    description: msg`Lets the person choose which services each staff member performs, with their own time and price.`,
  },
  settings_master_schedule_access: {
    title: msg`Staff schedules`,
    description: msg`Lets the person set each staff member's working days and hours.`,
  },
  settings_master_accesses_access: {
    title: msg`Staff sign-in`,
    description: msg`Lets the person switch a staff member's access to the workspace on and off.`,
  },
  settings_master_notifications_access: {
    title: msg`Staff notifications`,
    description: msg`Lets the person choose what each staff member is notified of and how.`,
  },
  settings_master_invite_access: {
    title: msg`Invite staff`,
    description: msg`Lets the person send staff members an invitation to sign in to the workspace.`,
  },
  // Positions
  settings_positions_access: {
    title: msg`Positions`,
    description: msg`Shows the positions of the salon (stylist, administrator, …).`,
  },
  settings_positions_create_access: {
    title: msg`Add positions`,
    description: msg`Lets the person create new positions.`,
  },
  settings_positions_edit_access: {
    title: msg`Rename positions`,
    description: msg`Lets the person rename positions.`,
  },
  settings_positions_delete_access: {
    title: msg`Delete positions`,
    description: msg`Lets the person delete positions that nobody holds.`,
  },
  // Security
  security_access: {
    title: msg`Security`,
    description: msg`Opens the salon's security settings.`,
  },
  security_2fa_access: {
    title: msg`Require a second factor`,
    description: msg`Lets the person require a confirmation code at sign-in for everyone in the salon.`,
  },
  security_logins_history_access: {
    title: msg`Sign-in history`,
    description: msg`Shows who signed in to the salon's workspace, when and from where.`,
  },
  security_data_changes_history_access: {
    title: msg`Data change history`,
    description: msg`Shows who changed clients, appointments and settings, and when.`,
  },
  security_export_access: {
    title: msg`Export data`,
    description: msg`Lets the person download the salon's data.`,
  },
  security_import_access: {
    title: msg`Import data`,
    description: msg`Lets the person load data into the salon from files.`,
  },
  security_employee_changes_history_access: {
    title: msg`Staff change history`,
    description: msg`Shows who changed staff members and their rights, and when.`,
  },
  security_sessions_access: {
    title: msg`Active sessions`,
    description: msg`Shows the devices signed in to the salon's workspace and lets the person sign them out.`,
  },
  // Appointment book
  timetable_access: {
    title: msg`Appointment book`,
    description: msg`Opens the appointment book with the day's appointments of the salon.`,
  },
  timetable_phones_access: {
    title: msg`Phone numbers in the appointment book`,
    description: msg`Shows clients' phone numbers on the appointments in the book.`,
  },
  timetable_transfer_record_access: {
    title: msg`Move appointments by dragging`,
    description: msg`Lets the person drag an appointment to another time or staff member in the book.`,
  },
  timetable_statistics_access: {
    title: msg`Day statistics`,
    description: msg`Shows the day's load and takings at the top of the appointment book.`,
  },
  timetable_schedule_edit_access: {
    title: msg`Change working hours`,
    description: msg`Lets the person change the salon's and staff members' working hours.`,
  },
  timetable_other_masters_access: {
    title: msg`Colleagues' appointments`,
    description: msg`Shows the appointments of other staff members, not only the person's own.`,
  },
  timetable_settings_access: {
    title: msg`Appointment book settings`,
    description: msg`Shows how the appointment book is set up: grid step, technical breaks.`,
  },
  timetable_settings_edit_access: {
    title: msg`Change appointment book settings`,
    description: msg`Lets the person change how the appointment book works: grid step, technical breaks, agreements.`,
  },
  timetable_print_access: {
    title: msg`Print the appointment book`,
    description: msg`Lets the person print the day's appointments.`,
  },
  timetable_waiting_list_access: {
    title: msg`Waiting list`,
    description: msg`Lets the person keep clients waiting for a free time and book them when it appears.`,
  },
  // Dashboard
  dashboard_access: {
    title: msg`Dashboard`,
    description: msg`Opens the dashboard with the salon's key figures.`,
  },
  dashboard_finances_access: {
    title: msg`Takings on the dashboard`,
    description: msg`Shows revenue and average bill on the dashboard.`,
  },
  dashboard_records_access: {
    title: msg`Appointments on the dashboard`,
    description: msg`Shows the number of appointments and visits on the dashboard.`,
  },
  dashboard_clients_access: {
    title: msg`Clients on the dashboard`,
    description: msg`Shows new and returning clients on the dashboard.`,
  },
  dashboard_staff_access: {
    title: msg`Staff on the dashboard`,
    description: msg`Shows each staff member's load and takings on the dashboard.`,
  },
  // Team access
  users_access: {
    title: msg`Team members`,
    description: msg`Shows who can sign in to the salon and what rights each of them has.`,
  },
  users_invite_access: {
    title: msg`Invite team members`,
    description: msg`Lets the person invite colleagues to sign in to the salon's workspace.`,
  },
  users_edit_access: {
    title: msg`Change team members`,
    description: msg`Lets the person change a team member's role and position.`,
  },
  users_delete_access: {
    title: msg`Remove team members`,
    description: msg`Lets the person take away a colleague's sign-in to the salon.`,
  },
  users_rights_edit_access: {
    title: msg`Change rights`,
    description: msg`Lets the person change colleagues' rights, never beyond their own.`,
  },
  // Company settings
  options_access: {
    title: msg`Company settings`,
    description: msg`Opens the salon's settings.`,
  },
  options_company_edit_access: {
    title: msg`Company details`,
    description: msg`Lets the person change the salon's name, address, contacts and time zone.`,
  },
  options_notifications_access: {
    title: msg`Client notifications`,
    description: msg`Lets the person set up the reminders and messages clients receive.`,
  },
  options_online_booking_access: {
    title: msg`Online booking`,
    description: msg`Lets the person set up the salon's online booking form.`,
  },
  options_integrations_access: {
    title: msg`Integrations`,
    description: msg`Lets the person connect the salon to other services: telephony, messengers, marketplaces.`,
  },
  options_license_access: {
    title: msg`Licence`,
    description: msg`Shows the salon's licence: tariff, staff seats and options.`,
  },
  options_license_buy_access: {
    title: msg`Buy for the licence`,
    description: msg`Lets the person buy staff seats and options for the licence.`,
  },
  options_sms_sender_access: {
    title: msg`SMS sender name`,
    description: msg`Lets the person set the name clients see as the sender of the salon's SMS.`,
  },
  options_storage_settings_access: {
    title: msg`Storage settings`,
    description: msg`Lets the person set how storages work, for example whether goods may be sold below zero.`,
  },
  options_attendance_pins_access: {
    title: msg`Cash desk pins`,
    description: msg`Lets the person choose what the cash desk shows first: payment methods and fields.`,
  },
  options_chain_access: {
    title: msg`Chain settings`,
    description: msg`Lets the person manage the chain's shared catalogue and its salons.`,
  },
  options_webhooks_access: {
    title: msg`Webhooks`,
    description: msg`Lets the person set up addresses that are told of changes in the salon.`,
  },
  options_api_access: {
    title: msg`API access`,
    description: msg`Lets the person create keys for programs that work with the salon's data.`,
  },
  // Custom field values
  custom_fields_record_values_read_access: {
    title: msg`See appointment custom fields`,
    description: msg`Shows the values of the extra fields in appointments.`,
  },
  custom_fields_record_values_edit_access: {
    title: msg`Fill in appointment custom fields`,
    description: msg`Lets the person fill in the extra fields of appointments (includes seeing them).`,
  },
  custom_fields_client_values_read_access: {
    title: msg`See client custom fields`,
    description: msg`Shows the values of the extra fields on client cards.`,
  },
  custom_fields_client_values_edit_access: {
    title: msg`Fill in client custom fields`,
    description: msg`Lets the person fill in the extra fields of client cards (includes seeing them).`,
  },
}
