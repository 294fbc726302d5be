import type { Company } from '../../contract/companies/schemas'
import type { ServiceCategoryReply } from '../../contract/service-categories/schemas'
import type * as v from 'valibot'
import type { plainServiceSchema } from '../../contract/services/schemas'
import { serviceOptionDefaults } from '../../contract/services/service-options'
import type { Employee } from '../../contract/staff/schemas'
import { salonOne } from './msw-api'

/** The company of the catalogue models (service-editor.model.ts, setup-checklist.model.ts): id 5, owned by the user. */
export const salonFive: Company = { ...salonOne, id: 5, title: 'Salon Five' }

/** A service category of Salon Five as the server sends it. */
export function categoryReply(id: number, title: string): ServiceCategoryReply {
  return {
    id,
    api_id: '',
    title,
    staff: [],
    service_count: 0,
    services_count: 0,
    weight: 0,
    is_chain: false,
    is_new_category: false,
    is_category: true,
    booking_title: title,
    sex: 0,
    salon_ids: [salonFive.id],
    translations: [],
  }
}

/** A service that is not composite, as the server sends it. */
export type PlainServiceReply = v.InferInput<typeof plainServiceSchema>

/** A plain service of Salon Five as the server sends it; `fields` are the ones the editor's form shows. */
export function serviceReply(
  fields: Pick<PlainServiceReply, 'id' | 'title' | 'category_id'> & Partial<PlainServiceReply>,
): PlainServiceReply {
  return {
    ...serviceOptionDefaults,
    salon_id: salonFive.id,
    salon_service_id: fields.id,
    original_title: fields.title,
    is_category: false,
    category: null,
    price_min: 0,
    price_max: 0,
    comment: '',
    weight: 0,
    version: 1,
    active: 1,
    duration: 3600,
    services_duration: 3600,
    technical_break_duration: 0,
    default_technical_break_duration: 0,
    salon_group_service_link: null,
    salon_group_title: '',
    image: '',
    images: [],
    image_group: null,
    resources: [],
    is_chain: false,
    chain_price_min: null,
    chain_price_max: null,
    is_online: false,
    delete_image: false,
    is_linked_to_composite: false,
    is_price_managed_only_in_chain: false,
    is_comment_managed_only_in_chain: false,
    salon_ids: [salonFive.id],
    staff: [],
    translations: [],
    chain_details: null,
    is_composite: false,
    ...fields,
  }
}

/** A working staff member of Salon Five as the server sends it. */
export function employeeReply(id: number, name: string, specialization = ''): Employee {
  return {
    id,
    salon_id: salonFive.id,
    name,
    specialization,
    show_rating: 1,
    rating: 0,
    votes_count: 0,
    comments_count: 0,
    avatar: '',
    avatar_big: '',
    weight: 0,
    information: '',
    hidden: 0,
    fired: 0,
    is_fired: false,
    deleted: 0,
    status: 'active',
    date_dismissal: null,
    dismissal_reason: '',
    position_id: null,
    record_group_id: null,
    schedule_till: null,
    image_group: null,
    image_group_id: null,
    bookable: true,
    has_access_timetable: false,
    position: null,
    user: null,
  }
}
