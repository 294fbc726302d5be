import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router'
import * as v from 'valibot'
import { validSearch } from './valid-search'
import { requireSignedIn } from '../app/route-guards'
import { serviceStatusFilters } from '../business/services/service-list'
import { languageRoute } from './language-route'
import { loadWorkspaceCatalog } from '../i18n/activate'
import { languageOf } from '../../contract/ui-languages'
import { LabelEntity, labelEntities } from '../../contract/labels/schemas'
import { customFieldKinds } from '../../contract/custom-fields/schemas'
import { staffTabs } from '../business/staff/staff-list'
import { bookSearchSchema } from '../business/book/book-search'

/**
 * What each route fetches before it renders (company-route-data.ts), loaded with the first workspace page: the
 * API modules and schemas it names are not in the entry a visitor of the sign-in page downloads.
 */
const routeData = () => import('./company-route-data')

// The workspace's screens load with their route, each its own chunk: a visitor on the sign-in page or the
// registration downloads none of them. The route tree itself (guards, search schemas, the loaders' calls into
// company-route-data.ts) stays in the entry, so the router can match and load data while a screen's chunk arrives.
const CategoriesScreen = lazyRouteComponent(
  () => import('../business/categories/categories-screen'),
  'CategoriesScreen',
)
const OverviewScreen = lazyRouteComponent(
  () => import('../business/overview/overview-screen'),
  'OverviewScreen',
)
const CompanyWorkspace = lazyRouteComponent(
  () => import('../business/shell/company-workspace'),
  'CompanyWorkspace',
)
const ServiceEditorScreen = lazyRouteComponent(
  () => import('../business/services/service-editor-screen'),
  'ServiceEditorScreen',
)
const ServicesScreen = lazyRouteComponent(
  () => import('../business/services/services-screen'),
  'ServicesScreen',
)
const LabelsScreen = lazyRouteComponent(() => import('../business/labels/labels-screen'), 'LabelsScreen')
const CustomFieldsScreen = lazyRouteComponent(
  () => import('../business/custom-fields/custom-fields-screen'),
  'CustomFieldsScreen',
)
const GoodsCategoriesScreen = lazyRouteComponent(
  () => import('../business/goods/goods-categories-screen'),
  'GoodsCategoriesScreen',
)
const ResourcesScreen = lazyRouteComponent(
  () => import('../business/resources/resources-screen'),
  'ResourcesScreen',
)
const SecurityScreen = lazyRouteComponent(
  () => import('../business/account/security-screen'),
  'SecurityScreen',
)
const OnlineBookingSiteScreen = lazyRouteComponent(
  () => import('../business/online-booking-site/online-booking-site-screen'),
  'OnlineBookingSiteScreen',
)
const CompanyProfileScreen = lazyRouteComponent(
  () => import('../business/company-profile/company-profile-screen'),
  'CompanyProfileScreen',
)
const StaffPayrollScreen = lazyRouteComponent(
  () => import('../business/staff/staff-payroll-screen'),
  'StaffPayrollScreen',
)
const ChainServicesScreen = lazyRouteComponent(
  () => import('../business/chain-services/chain-services-screen'),
  'ChainServicesScreen',
)
const ChainServiceEditorScreen = lazyRouteComponent(
  () => import('../business/chain-services/chain-service-editor-screen'),
  'ChainServiceEditorScreen',
)
const StaffScreen = lazyRouteComponent(() => import('../business/staff/staff-screen'), 'StaffScreen')
const StaffCardScreen = lazyRouteComponent(
  () => import('../business/staff/staff-card-screen'),
  'StaffCardScreen',
)
const WorkingHoursScreen = lazyRouteComponent(
  () => import('../business/working-hours/working-hours-screen'),
  'WorkingHoursScreen',
)
const AccountsScreen = lazyRouteComponent(
  () => import('../business/accounts/accounts-screen'),
  'AccountsScreen',
)
const ClientsScreen = lazyRouteComponent(() => import('../business/clients/clients-screen'), 'ClientsScreen')
const ClientCardScreen = lazyRouteComponent(
  () => import('../business/clients/client-card-screen'),
  'ClientCardScreen',
)
const ClientImportScreen = lazyRouteComponent(
  () => import('../business/clients/client-import-screen'),
  'ClientImportScreen',
)
const ClientCategoriesScreen = lazyRouteComponent(
  () => import('../business/client-categories/client-categories-screen'),
  'ClientCategoriesScreen',
)
const StoragesScreen = lazyRouteComponent(
  () => import('../business/storages/storages-screen'),
  'StoragesScreen',
)
const PositionsScreen = lazyRouteComponent(
  () => import('../business/positions/positions-screen'),
  'PositionsScreen',
)
const RecordGroupsScreen = lazyRouteComponent(
  () => import('../business/record-groups/record-groups-screen'),
  'RecordGroupsScreen',
)
const PaymentMethodsScreen = lazyRouteComponent(
  () => import('../business/payment-methods/payment-methods-screen'),
  'PaymentMethodsScreen',
)
const LicenceScreen = lazyRouteComponent(() => import('../business/licence/licence-screen'), 'LicenceScreen')
const RightsEditorScreen = lazyRouteComponent(
  () => import('../business/rights/rights-editor-screen'),
  'RightsEditorScreen',
)
const TeamAccessScreen = lazyRouteComponent(
  () => import('../business/rights/team-access-screen'),
  'TeamAccessScreen',
)

const BookScreen = lazyRouteComponent(() => import('../business/book/book-screen'), 'BookScreen')

const companyIdOf = (params: { companyId: string }) => Number(params.companyId)

/**
 * /{lang}/company/{id}: the workspace of one company. The guard runs before anything renders; the company
 * with the user's rights, the list for the switcher and the chains load with the route.
 */
export const companyRoute = createRoute({
  getParentRoute: () => languageRoute,
  path: 'company/$companyId',
  staticData: { area: 'private' },
  beforeLoad: async (options) => {
    if (!/^[1-9]\d{0,8}$/.test(options.params.companyId)) throw notFound()
    await requireSignedIn(options)
  },
  loader: ({ context, params }) =>
    Promise.all([
      loadWorkspaceCatalog(languageOf(params.lang)),
      routeData().then((data) => data.workspace(context.queryClient, companyIdOf(params))),
    ]),
  component: CompanyWorkspace,
})

export const companyOverviewRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/',
  staticData: { area: 'private', section: 'overview', screenName: 'OverviewScreen' },
  component: OverviewScreen,
})

const servicesSearchSchema = v.object({
  q: v.optional(v.pipe(v.string(), v.maxLength(100))),
  status: v.optional(v.picklist(serviceStatusFilters)),
})

export const servicesRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'services',
  staticData: { area: 'private', section: 'services', screenName: 'ServicesScreen' },
  validateSearch: (search) => validSearch(servicesSearchSchema, search),
  loader: ({ context, params }) =>
    routeData().then((data) => data.services(context.queryClient, companyIdOf(params))),
  component: ServicesScreen,
})

export const serviceEditorRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'services/$serviceKey',
  staticData: { area: 'private', section: 'services', screenName: 'ServiceEditorScreen' },
  loader: ({ context, params }) =>
    routeData().then((data) =>
      data.serviceEditor(context.queryClient, companyIdOf(params), params.serviceKey),
    ),
  component: ServiceEditorScreen,
})

export const chainServicesRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'chain-services',
  staticData: { area: 'private', section: 'chain-services', screenName: 'ChainServicesScreen' },
  loader: ({ context, params }) =>
    routeData().then((data) => data.chainServices(context.queryClient, companyIdOf(params))),
  component: ChainServicesScreen,
})

export const chainServiceEditorRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'chain-services/$serviceKey',
  staticData: { area: 'private', section: 'chain-services', screenName: 'ChainServiceEditorScreen' },
  loader: ({ context, params }) =>
    routeData().then((data) =>
      data.chainServiceEditor(context.queryClient, companyIdOf(params), params.serviceKey),
    ),
  component: ChainServiceEditorScreen,
})

export const categoriesRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'categories',
  staticData: { area: 'private', section: 'categories', screenName: 'CategoriesScreen' },
  loader: ({ context, params }) =>
    routeData().then((data) => data.categories(context.queryClient, companyIdOf(params))),
  component: CategoriesScreen,
})

const labelsSearchSchema = v.object({
  entity: v.optional(v.pipe(v.unknown(), v.transform(Number), v.picklist(labelEntities))),
})

export const labelsRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'labels',
  staticData: { area: 'private', section: 'labels', screenName: 'LabelsScreen' },
  validateSearch: (search) => validSearch(labelsSearchSchema, search),
  loaderDeps: ({ search }) => ({ entity: search.entity ?? LabelEntity.client }),
  loader: ({ context, params, deps }) =>
    routeData().then((data) => data.labels(context.queryClient, companyIdOf(params), deps.entity)),
  component: LabelsScreen,
})

const customFieldsSearchSchema = v.object({ kind: v.optional(v.picklist(customFieldKinds)) })

export const customFieldsRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'custom-fields',
  staticData: { area: 'private', section: 'customFields', screenName: 'CustomFieldsScreen' },
  validateSearch: (search) => validSearch(customFieldsSearchSchema, search),
  loaderDeps: ({ search }) => ({ kind: search.kind }),
  // Which kind shows follows the user's rights, so the list waits for the company (loaded by the layout too).
  loader: ({ context, params, deps }) =>
    routeData().then((data) => data.customFields(context.queryClient, companyIdOf(params), deps.kind)),
  component: CustomFieldsScreen,
})

export const goodsCategoriesRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'goods-categories',
  staticData: { area: 'private', section: 'goods-categories', screenName: 'GoodsCategoriesScreen' },
  loader: ({ context, params }) =>
    routeData().then((data) => data.goodsCategories(context.queryClient, companyIdOf(params))),
  component: GoodsCategoriesScreen,
})

export const resourcesRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'resources',
  staticData: { area: 'private', section: 'resources', screenName: 'ResourcesScreen' },
  loader: ({ context, params }) =>
    routeData().then((data) => data.resources(context.queryClient, companyIdOf(params))),
  component: ResourcesScreen,
})

/** The salon's opening hours, each staff member's week and the appointment book's settings. */
export const workingHoursRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'working-hours',
  staticData: { area: 'private', section: 'working-hours', screenName: 'WorkingHoursScreen' },
  loader: ({ context, params }) =>
    routeData().then((data) => data.workingHours(context.queryClient, companyIdOf(params))),
  component: WorkingHoursScreen,
})

/** The company's positions with the number of services each one's staff provide. */
export const positionsRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'positions',
  staticData: { area: 'private', section: 'positions', screenName: 'PositionsScreen' },
  loader: ({ context, params }) =>
    routeData().then((data) => data.positions(context.queryClient, companyIdOf(params))),
  component: PositionsScreen,
})

/** The company's halls and departments (appointment groups), each with the staff members who work in it. */
export const recordGroupsRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'record-groups',
  staticData: { area: 'private', section: 'record-groups', screenName: 'RecordGroupsScreen' },
  loader: ({ context, params }) =>
    routeData().then((data) => data.recordGroups(context.queryClient, companyIdOf(params))),
  component: RecordGroupsScreen,
})

/**
 * The payment methods and the cash desk's pins. The pins are read only by those who handle a visit's payment,
 * so the loader waits for the company's rights (loaded by the layout too) before it asks for them.
 */
export const paymentMethodsRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'payment-methods',
  staticData: { area: 'private', section: 'payment-methods', screenName: 'PaymentMethodsScreen' },
  loader: ({ context, params }) =>
    routeData().then((data) => data.paymentMethods(context.queryClient, companyIdOf(params))),
  component: PaymentMethodsScreen,
})

/**
 * The cash desks and bank accounts. Balances are asked for only by those who may see them, so the loader waits
 * for the company's rights (loaded by the layout too) to know which list to read.
 */
export const accountsRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'accounts',
  staticData: { area: 'private', section: 'accounts', screenName: 'AccountsScreen' },
  loader: ({ context, params }) =>
    routeData().then((data) => data.accounts(context.queryClient, companyIdOf(params))),
  component: AccountsScreen,
})

/** The storages, and the units goods are counted in for those who read goods. */
export const storagesRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'storages',
  staticData: { area: 'private', section: 'storages', screenName: 'StoragesScreen' },
  loader: ({ context, params }) =>
    routeData().then((data) => data.storages(context.queryClient, companyIdOf(params))),
  component: StoragesScreen,
})

const clientCategoriesSearchSchema = v.object({
  q: v.optional(v.pipe(v.string(), v.maxLength(100))),
  page: v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(999_999))),
})

/** The client categories a page at a time; the search term and the page are in the URL. */
export const clientCategoriesRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'client-categories',
  staticData: { area: 'private', section: 'client-categories', screenName: 'ClientCategoriesScreen' },
  validateSearch: (search) => validSearch(clientCategoriesSearchSchema, search),
  loaderDeps: ({ search }) => ({ q: search.q?.trim() ?? '', page: search.page ?? 1 }),
  loader: ({ context, params, deps }) =>
    routeData().then((data) => data.clientCategories(context.queryClient, companyIdOf(params), deps)),
  component: ClientCategoriesScreen,
})

/** The client base a page at a time; the search term and the page are in the URL. */
export const clientsRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'clients',
  staticData: { area: 'private', section: 'clients', screenName: 'ClientsScreen' },
  validateSearch: (search) => validSearch(clientCategoriesSearchSchema, search),
  loaderDeps: ({ search }) => ({ q: search.q?.trim() ?? '', page: search.page ?? 1 }),
  loader: ({ context, params, deps }) =>
    routeData().then((data) => data.clients(context.queryClient, companyIdOf(params), deps)),
  component: ClientsScreen,
})

/** Importing clients from a CSV file, with a preview and a report. */
export const clientImportRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'clients/import',
  staticData: { area: 'private', section: 'clients', screenName: 'ClientImportScreen' },
  component: ClientImportScreen,
})

/** One client's card. */
export const clientCardRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'clients/$clientId',
  staticData: { area: 'private', section: 'clients', screenName: 'ClientCardScreen' },
  loader: ({ context, params }) =>
    routeData().then((data) => data.clientCard(context.queryClient, companyIdOf(params), params.clientId)),
  component: ClientCardScreen,
})

/**
 * The appointment book: a day of every working staff member, or a week of one (the date, the view, the staff
 * member and the open appointment are in the URL). The day is the company's, so the loader waits for its time zone.
 */
export const bookRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'book',
  staticData: { area: 'private', section: 'book', screenName: 'BookScreen' },
  validateSearch: (search) => validSearch(bookSearchSchema, search),
  loaderDeps: ({ search }) => ({ date: search.date, view: search.view, staff: search.staff }),
  loader: ({ context, params, deps }) =>
    routeData().then((data) => data.book(context.queryClient, companyIdOf(params), deps)),
  component: BookScreen,
})

/** The licence with its options, and buying more for it. */
export const licenceRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'licence',
  staticData: { area: 'private', section: 'licence', screenName: 'LicenceScreen' },
  loader: ({ context, params }) =>
    routeData().then((data) => data.licence(context.queryClient, companyIdOf(params))),
  component: LicenceScreen,
})

const staffSearchSchema = v.object({
  tab: v.optional(v.picklist(staffTabs)),
  q: v.optional(v.pipe(v.string(), v.maxLength(100))),
  position: v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1))),
  service: v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1))),
})

/** The team: the working or the dismissed staff (the tab, the search, the position and the service are in the URL). */
export const staffRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'staff',
  staticData: { area: 'private', section: 'staff', screenName: 'StaffScreen' },
  validateSearch: (search) => validSearch(staffSearchSchema, search),
  loaderDeps: ({ search }) => ({ tab: search.tab ?? 'active', service: search.service }),
  loader: ({ context, params, deps }) =>
    routeData().then((data) => data.staff(context.queryClient, companyIdOf(params), deps)),
  component: StaffScreen,
})

/** One staff member's card: name, position, sign-in access, services, and their working life. */
export const staffCardRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'staff/$staffId',
  staticData: { area: 'private', section: 'staff', screenName: 'StaffCardScreen' },
  loader: ({ context, params }) =>
    routeData().then((data) => data.staffCard(context.queryClient, companyIdOf(params), params.staffId)),
  component: StaffCardScreen,
})

/** The company's profile: name, address, city, time zone, phone, type of business, logo and booking header. */
export const companyProfileRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'profile',
  staticData: { area: 'private', section: 'profile', screenName: 'CompanyProfileScreen' },
  loader: ({ context, params }) =>
    routeData().then((data) =>
      data.companyProfile(context.queryClient, companyIdOf(params), languageOf(params.lang)),
    ),
  component: CompanyProfileScreen,
})

/** The company's booking pages on its own site: the frame code and the sites allowed to show them. */
export const onlineBookingSiteRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'online-booking',
  staticData: { area: 'private', section: 'online-booking', screenName: 'OnlineBookingSiteScreen' },
  loader: ({ context, params }) =>
    routeData().then((data) => data.onlineBookingSite(context.queryClient, companyIdOf(params))),
  component: OnlineBookingSiteScreen,
})

/** One staff member's payroll settings, a tab of their card. */
export const staffPayrollRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'staff/$staffId/payroll',
  staticData: { area: 'private', section: 'staff', screenName: 'StaffPayrollScreen' },
  loader: ({ context, params }) =>
    routeData().then((data) => data.staffPayroll(context.queryClient, companyIdOf(params), params.staffId)),
  component: StaffPayrollScreen,
})

/** The company's members who can sign in, each with a link to their rights (members without a staff card too). */
export const teamRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'team',
  staticData: { area: 'private', section: 'staff', screenName: 'TeamAccessScreen' },
  loader: ({ context, params }) =>
    routeData().then((data) => data.team(context.queryClient, companyIdOf(params))),
  component: TeamAccessScreen,
})

/** One member's rights: the flags, presets and limits, the diff before saving, and the history of changes. */
export const rightsRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'team/$userId/rights',
  staticData: { area: 'private', section: 'staff', screenName: 'RightsEditorScreen' },
  loader: ({ context, params }) =>
    routeData().then((data) => data.rights(context.queryClient, companyIdOf(params), params.userId)),
  component: RightsEditorScreen,
})

/** The user's own sign-in security, under the company so the shell stays; linked from the user menu. */
export const securityRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: 'security',
  staticData: { area: 'private', section: 'security', screenName: 'SecurityScreen' },
  loader: ({ context }) => routeData().then((data) => data.security(context.queryClient)),
  component: SecurityScreen,
})

export const companyRouteTree = companyRoute.addChildren([
  companyOverviewRoute,
  bookRoute,
  servicesRoute,
  serviceEditorRoute,
  chainServicesRoute,
  chainServiceEditorRoute,
  categoriesRoute,
  staffRoute,
  staffCardRoute,
  teamRoute,
  rightsRoute,
  labelsRoute,
  customFieldsRoute,
  goodsCategoriesRoute,
  resourcesRoute,
  workingHoursRoute,
  positionsRoute,
  recordGroupsRoute,
  paymentMethodsRoute,
  accountsRoute,
  storagesRoute,
  clientCategoriesRoute,
  clientsRoute,
  clientImportRoute,
  clientCardRoute,
  licenceRoute,
  companyProfileRoute,
  onlineBookingSiteRoute,
  staffPayrollRoute,
  securityRoute,
])
