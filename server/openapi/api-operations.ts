import { accountsOperations } from './operations/accounts'
import { analyticsOperations } from './operations/analytics'
import { attendancePinsOperations } from './operations/attendance-pins'
import { authOperations } from './operations/auth'
import { chainServicesOperations } from './operations/chain-services'
import { clientCategoriesOperations } from './operations/client-categories'
import { clientsOperations } from './operations/clients'
import { companiesOperations } from './operations/companies'
import { customFieldsOperations } from './operations/custom-fields'
import { devToolsOperations } from './operations/dev-tools'
import { embeddingOperations } from './operations/embedding'
import { flowReviewsOperations } from './operations/flow-reviews'
import { goodsOperations } from './operations/goods'
import { groupsOperations } from './operations/groups'
import { healthOperations } from './operations/health'
import { invitesOperations } from './operations/invites'
import { labelsOperations } from './operations/labels'
import { licenseOperations } from './operations/license'
import { onboardingOperations } from './operations/onboarding'
import { onlineBookingOperations } from './operations/online-booking'
import { paymentMethodsOperations } from './operations/payment-methods'
import { positionsOperations } from './operations/positions'
import { recordGroupsOperations } from './operations/record-groups'
import { referencesOperations } from './operations/references'
import { resourcesOperations } from './operations/resources'
import { rightsOperations } from './operations/rights'
import { salaryOperations } from './operations/salary'
import { serviceCategoriesOperations } from './operations/service-categories'
import { servicesOperations } from './operations/services'
import { staffOperations } from './operations/staff'
import { storagesOperations } from './operations/storages'
import { timetableOperations } from './operations/timetable'
import { unitsOperations } from './operations/units'
import { workingHoursOperations } from './operations/working-hours'
import { translationsOperations } from './operations/translations'
import { appointmentsOperations } from './operations/appointments'
import type { Operation } from './operation'

/** An operation with the area it belongs to (its tag in the document). */
export type ApiOperation = Operation & { tag: string }

/** Every area of the API and its operations, one file per area under ./operations. */
const areas: [tag: string, operations: readonly Operation[]][] = [
  ['Accounts', accountsOperations],
  ['Analytics', analyticsOperations],
  ['Cash desk pins', attendancePinsOperations],
  ['Sign-in and account', authOperations],
  ['Chain services', chainServicesOperations],
  ['Client categories', clientCategoriesOperations],
  ['Clients', clientsOperations],
  ['Companies', companiesOperations],
  ['Custom fields', customFieldsOperations],
  ['Development tools', devToolsOperations],
  ['Embedding', embeddingOperations],
  ['Flow reviews', flowReviewsOperations],
  ['Goods and categories of goods', goodsOperations],
  ['Groups', groupsOperations],
  ['Health', healthOperations],
  ['Invites', invitesOperations],
  ['Labels', labelsOperations],
  ['Licence', licenseOperations],
  ['Onboarding', onboardingOperations],
  ['Online booking', onlineBookingOperations],
  ['Payment methods', paymentMethodsOperations],
  ['Positions', positionsOperations],
  ['Appointment groups', recordGroupsOperations],
  ['Reference data', referencesOperations],
  ['Resources', resourcesOperations],
  ['Rights', rightsOperations],
  ['Salary', salaryOperations],
  ['Service categories', serviceCategoriesOperations],
  ['Services', servicesOperations],
  ['Staff', staffOperations],
  ['Storages', storagesOperations],
  ['Timetable settings', timetableOperations],
  ['Translations', translationsOperations],
  ['Units', unitsOperations],
  ['Working hours', workingHoursOperations],
  ['Appointments', appointmentsOperations],
]

/** Every operation of the API. */
export const apiOperations: readonly ApiOperation[] = areas.flatMap(([tag, operations]) =>
  operations.map((operation) => ({ ...operation, tag })),
)

export const operationKey = (method: string, path: string) => `${method} ${path}`

const byKey = new Map(
  apiOperations.map((operation) => [operationKey(operation.method, operation.path), operation]),
)

/** The operation of a registered route (its path as registered, without the API prefix). */
export const findOperation = (method: string, path: string): ApiOperation | undefined =>
  byKey.get(operationKey(method, path))
