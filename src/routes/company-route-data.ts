import type { QueryClient } from '@tanstack/react-query'
import { companyQueryOptions, myCompaniesQueryOptions } from '../api/companies/companies'
import { companyInvitesQueryOptions } from '../api/invites/invites'
import { groupsQueryOptions } from '../api/groups/groups'
import { serviceCategoriesQueryOptions } from '../api/service-categories/service-categories'
import { serviceQueryOptions, servicesQueryOptions } from '../api/services/services'
import { preloadRouteData } from '../app/route-data'
import { serviceIdOfKey, staffIdOfParam, userIdOfParam } from '../business/shell/path-ids'
import type { LabelEntity } from '../../contract/labels/schemas'
import type { CustomFieldKind } from '../../contract/custom-fields/schemas'
import { companyLabelsQueryOptions } from '../api/labels/labels'
import { kindCustomFieldsQueryOptions } from '../api/custom-fields/custom-fields'
import { kindToShow } from '../business/custom-fields/field-kinds'
import { allGoodCategoriesQueryOptions } from '../api/goods/good-categories'
import { resourcesQueryOptions } from '../api/resources/resources'
import { resourceInstancesQueryOptions } from '../api/resources/resource-instances'
import { twoFactorSettingQueryOptions } from '../api/auth/two-factor-setting'
import { companyProfileQueryOptions } from '../api/companies/company-profile'
import { frameOriginsQueryOptions } from '../api/online-booking/frame-origins'
import { salarySettingsQueryOptions } from '../api/salary/salary-settings'
import { accountSessionsQueryOptions } from '../api/auth/account-sessions'
import { chainServiceQueryOptions, chainServicesQueryOptions } from '../api/chain-services/chain-services'
import { upcomingDayExceptionsQueryOptions } from '../api/working-hours/day-exceptions'
import { businessGroupsQueryOptions, countriesQueryOptions } from '../api/onboarding/queries'
import { apiLanguageOf, type Language } from '../../contract/ui-languages'
import {
  companyWorkingHoursQueryOptions,
  staffWorkingHoursQueryOptions,
} from '../api/working-hours/working-hours'
import {
  employeeQueryOptions,
  staffListQueryOptions,
  staffNotificationsQueryOptions,
  staffServicesQueryOptions,
  staffUsersQueryOptions,
} from '../api/staff/staff-queries'
import { staffFiltersOf, type StaffTab } from '../business/staff/staff-list'
import { timetableSettingsQueryOptions } from '../api/timetable/timetable-settings'
import { positionsQueryOptions } from '../api/positions/positions'
import { recordGroupsQueryOptions } from '../api/record-groups/record-groups'
import { accountsQueryOptions } from '../api/accounts/accounts'
import { clientCategoriesQueryOptions } from '../api/client-categories/client-categories'
import { clientQueryOptions, clientsQueryOptions } from '../api/clients/clients'
import { storagesQueryOptions } from '../api/storages/storages'
import { unitsQueryOptions } from '../api/units/units'
import { paymentMethodsQueryOptions } from '../api/payment-methods/payment-methods'
import { paymentMethodPinsQueryOptions } from '../api/attendance-pins/payment-method-pins'
import { fieldPinsQueryOptions } from '../api/attendance-pins/field-pins'
import { addStaffCalculationQueryOptions, licenseQueryOptions } from '../api/license/license'
import { memberRightsQueryOptions, rightsHistoryQueryOptions } from '../api/rights/rights'
import { appointmentsQueryOptions } from '../api/appointments/appointments'
import { bookRangeOf, bookStaffOf, type BookSearch } from '../business/book/book-search'
import { todayIn } from '../business/book/book-time'
import { addsStaffWithPosition, staffCardParts } from '../business/staff/staff-part-rights'

/**
 * What each workspace route fetches before it renders, by route (company-routes.tsx). The routes import this
 * module when a workspace page first loads, with the API modules and schemas it names: a visitor on the sign-in
 * page or the registration downloads none of them. Every function takes the router's query client and the
 * company of the URL; a failed read is left in the cache for the screen (preloadRouteData).
 */
type Preload = Promise<unknown>

/** The company with the user's rights, the companies for the switcher and the chains: the workspace's frame. */
export const workspace = (queryClient: QueryClient, companyId: number): Preload =>
  Promise.all([
    preloadRouteData(queryClient, companyQueryOptions(companyId)),
    preloadRouteData(queryClient, myCompaniesQueryOptions()),
    preloadRouteData(queryClient, groupsQueryOptions()),
  ])

/** The company of the URL (loaded by the workspace's frame too), or null when it cannot be read. */
const companyOf = (queryClient: QueryClient, companyId: number) =>
  queryClient.ensureQueryData(companyQueryOptions(companyId)).catch(() => null)

export const services = (queryClient: QueryClient, companyId: number): Preload =>
  Promise.all([
    preloadRouteData(queryClient, serviceCategoriesQueryOptions(companyId)),
    preloadRouteData(queryClient, servicesQueryOptions(companyId)),
  ])

/** The categories screen shows each category's services, so it reads what the services list does. */
export const categories = services

export const serviceEditor = (queryClient: QueryClient, companyId: number, serviceKey: string): Preload => {
  const serviceId = serviceIdOfKey(serviceKey)
  return Promise.all([
    preloadRouteData(queryClient, serviceCategoriesQueryOptions(companyId)),
    typeof serviceId === 'number'
      ? preloadRouteData(queryClient, serviceQueryOptions(companyId, serviceId))
      : undefined,
  ])
}

/** The chain of the company in the URL, or null outside any chain. */
async function chainOf(queryClient: QueryClient, companyId: number): Promise<number | null> {
  return (await companyOf(queryClient, companyId))?.main_group_id ?? null
}

export const chainServices = async (queryClient: QueryClient, companyId: number): Promise<void> => {
  const groupId = await chainOf(queryClient, companyId)
  if (groupId !== null) await preloadRouteData(queryClient, chainServicesQueryOptions(groupId))
}

export const chainServiceEditor = async (
  queryClient: QueryClient,
  companyId: number,
  serviceKey: string,
): Promise<void> => {
  const groupId = await chainOf(queryClient, companyId)
  const serviceId = serviceIdOfKey(serviceKey)
  if (groupId !== null && typeof serviceId === 'number')
    await preloadRouteData(queryClient, chainServiceQueryOptions(groupId, serviceId))
}

export const labels = (
  queryClient: QueryClient,
  companyId: number,
  entity: (typeof LabelEntity)[keyof typeof LabelEntity],
): Preload => preloadRouteData(queryClient, companyLabelsQueryOptions(companyId, entity))

/** Which kind shows follows the user's rights, so the list waits for the company. */
export const customFields = async (
  queryClient: QueryClient,
  companyId: number,
  asked: CustomFieldKind | undefined,
): Promise<void> => {
  const company = await companyOf(queryClient, companyId)
  const kind = company ? kindToShow(company.access, asked) : null
  if (kind) await preloadRouteData(queryClient, kindCustomFieldsQueryOptions(companyId, kind))
}

export const goodsCategories = (queryClient: QueryClient, companyId: number): Preload =>
  preloadRouteData(queryClient, allGoodCategoriesQueryOptions(companyId))

export const resources = (queryClient: QueryClient, companyId: number): Preload =>
  Promise.all([
    preloadRouteData(queryClient, resourcesQueryOptions(companyId)),
    preloadRouteData(queryClient, resourceInstancesQueryOptions(companyId)),
    preloadRouteData(queryClient, servicesQueryOptions(companyId)),
  ])

/** The salon's week, each member's, and the changed days ahead, which start from today in the salon's time zone. */
export const workingHours = (queryClient: QueryClient, companyId: number): Preload =>
  Promise.all([
    queryClient
      .fetchQuery(companyWorkingHoursQueryOptions(companyId))
      .then((hours) =>
        preloadRouteData(queryClient, upcomingDayExceptionsQueryOptions(companyId, todayIn(hours.timezone))),
      )
      .catch(() => undefined),
    preloadRouteData(queryClient, staffWorkingHoursQueryOptions(companyId)),
    preloadRouteData(queryClient, staffListQueryOptions(companyId)),
    preloadRouteData(queryClient, timetableSettingsQueryOptions(companyId)),
  ])

export const positions = (queryClient: QueryClient, companyId: number): Preload =>
  preloadRouteData(queryClient, positionsQueryOptions(companyId))

export const recordGroups = (queryClient: QueryClient, companyId: number): Preload =>
  preloadRouteData(queryClient, recordGroupsQueryOptions(companyId))

/** The cash desk's pins are read only by those who handle a visit's payment, so this waits for the rights. */
export const paymentMethods = async (queryClient: QueryClient, companyId: number): Promise<void> => {
  const company = await companyOf(queryClient, companyId)
  await Promise.all([
    preloadRouteData(queryClient, paymentMethodsQueryOptions(companyId)),
    company?.access.record_finances_access
      ? Promise.all([
          preloadRouteData(queryClient, paymentMethodPinsQueryOptions(companyId)),
          preloadRouteData(queryClient, fieldPinsQueryOptions(companyId)),
        ])
      : undefined,
  ])
}

/** Balances are asked for only by those who may see them, so this waits for the rights to pick the list. */
export const accounts = async (queryClient: QueryClient, companyId: number): Promise<void> => {
  const company = await companyOf(queryClient, companyId)
  if (!company?.access.finances_accounts_access) return
  await preloadRouteData(
    queryClient,
    accountsQueryOptions(companyId, company.access.finances_accounts_balance_access),
  )
}

/** The storages, and the units goods are counted in for those who read goods. */
export const storages = async (queryClient: QueryClient, companyId: number): Promise<void> => {
  const company = await companyOf(queryClient, companyId)
  await Promise.all([
    preloadRouteData(queryClient, storagesQueryOptions(companyId)),
    company?.access.storages_goods_access
      ? preloadRouteData(queryClient, unitsQueryOptions(companyId))
      : undefined,
  ])
}

/** A page of a searched list: the search term and the page number of the URL. */
interface ListPage {
  q: string
  page: number
}

export const clientCategories = (queryClient: QueryClient, companyId: number, list: ListPage): Preload =>
  preloadRouteData(queryClient, clientCategoriesQueryOptions(companyId, list.page, list.q))

export const clients = (queryClient: QueryClient, companyId: number, list: ListPage): Preload =>
  preloadRouteData(queryClient, clientsQueryOptions(companyId, list))

export const clientCard = (queryClient: QueryClient, companyId: number, clientParam: string): Preload => {
  const clientId = Number(clientParam)
  if (!Number.isInteger(clientId) || clientId <= 0) return Promise.resolve()
  return preloadRouteData(queryClient, clientQueryOptions(companyId, clientId))
}

/** The book's day is the company's, so this waits for its time zone (and the user's right to the book). */
export const book = async (
  queryClient: QueryClient,
  companyId: number,
  deps: Pick<BookSearch, 'date' | 'view' | 'staff'>,
): Promise<void> => {
  const company = await companyOf(queryClient, companyId)
  if (!company?.access.timetable_access) return
  const staff = await queryClient.ensureQueryData(staffListQueryOptions(companyId)).catch(() => [])
  await Promise.all([
    preloadRouteData(queryClient, companyWorkingHoursQueryOptions(companyId)),
    preloadRouteData(
      queryClient,
      appointmentsQueryOptions(
        companyId,
        bookRangeOf(deps, company.timezone, bookStaffOf(staff, company.access)),
      ),
    ),
  ])
}

/** The licence, and for those who may buy for a running one, the price of one more staff seat the page offers first. */
export const licence = async (queryClient: QueryClient, companyId: number): Promise<void> => {
  const [company, license] = await Promise.all([
    companyOf(queryClient, companyId),
    queryClient.fetchQuery(licenseQueryOptions(companyId)).catch(() => null),
  ])
  if (company?.access.options_license_buy_access && license?.is_active)
    await preloadRouteData(queryClient, addStaffCalculationQueryOptions(companyId, 1))
}

/**
 * The team as the address filters it, and the choices above it: the services to filter by, and the positions a
 * new member may be given by those who add staff and read positions (staff-screen.tsx).
 */
export const staff = (
  queryClient: QueryClient,
  companyId: number,
  filters: { tab: StaffTab; service: number | undefined },
): Preload =>
  Promise.all([
    preloadRouteData(
      queryClient,
      staffListQueryOptions(companyId, staffFiltersOf(filters.tab, filters.service)),
    ),
    preloadRouteData(queryClient, servicesQueryOptions(companyId)),
    companyOf(queryClient, companyId).then((company) =>
      company && addsStaffWithPosition(company.access)
        ? preloadRouteData(queryClient, positionsQueryOptions(companyId))
        : undefined,
    ),
  ])

/**
 * A member's card shows whole, nothing below it moving once it is on screen: the member and their services, and
 * what the user's rights add to it (the positions and the halls to choose from, the services to add, the
 * notification settings), each read by the card's part that shows it (staff-card-screen.tsx).
 */
export const staffCard = (queryClient: QueryClient, companyId: number, staffParam: string): Preload => {
  const staffId = staffIdOfParam(staffParam)
  if (staffId === undefined) return Promise.resolve()
  const byRights = companyOf(queryClient, companyId).then((company) => {
    if (!company) return undefined
    const parts = staffCardParts(company.access)
    return Promise.all([
      parts.positions ? preloadRouteData(queryClient, positionsQueryOptions(companyId)) : undefined,
      parts.edits ? preloadRouteData(queryClient, recordGroupsQueryOptions(companyId)) : undefined,
      parts.services ? preloadRouteData(queryClient, servicesQueryOptions(companyId)) : undefined,
      parts.notifications
        ? preloadRouteData(queryClient, staffNotificationsQueryOptions(staffId))
        : undefined,
      parts.invites ? preloadRouteData(queryClient, companyInvitesQueryOptions(companyId)) : undefined,
    ])
  })
  return Promise.all([
    preloadRouteData(queryClient, employeeQueryOptions(staffId)),
    preloadRouteData(queryClient, staffServicesQueryOptions(staffId)),
    byRights,
  ])
}

/** The profile, and the countries and types of business its choices list, in the page's language. */
export const companyProfile = (queryClient: QueryClient, companyId: number, language: Language): Preload =>
  Promise.all([
    preloadRouteData(queryClient, companyProfileQueryOptions(companyId)),
    preloadRouteData(queryClient, countriesQueryOptions(apiLanguageOf(language))),
    preloadRouteData(queryClient, businessGroupsQueryOptions(apiLanguageOf(language))),
  ])

export const onlineBookingSite = (queryClient: QueryClient, companyId: number): Preload =>
  preloadRouteData(queryClient, frameOriginsQueryOptions(companyId))

export const staffPayroll = (queryClient: QueryClient, companyId: number, staffParam: string): Preload => {
  const staffId = staffIdOfParam(staffParam)
  if (staffId === undefined) return Promise.resolve()
  return Promise.all([
    preloadRouteData(queryClient, employeeQueryOptions(staffId)),
    preloadRouteData(queryClient, salarySettingsQueryOptions(companyId, staffId)),
  ])
}

export const team = (queryClient: QueryClient, companyId: number): Preload =>
  preloadRouteData(queryClient, staffUsersQueryOptions(companyId))

export const rights = (queryClient: QueryClient, companyId: number, userParam: string): Preload => {
  const userId = userIdOfParam(userParam)
  if (userId === undefined) return Promise.resolve()
  return Promise.all([
    preloadRouteData(queryClient, memberRightsQueryOptions(companyId, userId)),
    preloadRouteData(queryClient, rightsHistoryQueryOptions(companyId, userId)),
    preloadRouteData(queryClient, staffListQueryOptions(companyId)),
  ])
}

export const security = (queryClient: QueryClient): Preload =>
  Promise.all([
    preloadRouteData(queryClient, twoFactorSettingQueryOptions()),
    preloadRouteData(queryClient, accountSessionsQueryOptions()),
  ])
