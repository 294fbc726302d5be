import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiRequest } from '../client'
import { imageGroupSchema } from '../../../contract/images/schemas'
import {
  employeeListSchema,
  employeeSchema,
  staffNotificationsSchema,
  staffServiceLinkListSchema,
  type StaffDelete,
  type StaffFire,
  type StaffNotifications,
  type StaffPatch,
  type StaffQuickCreate,
  type StaffServicesLink,
  type staffServiceUpdateSchema,
} from '../../../contract/staff/schemas'

/** POST /staff/quick. */
export const quickCreateStaff = (body: StaffQuickCreate) =>
  apiRequest('/staff/quick', { method: 'POST', body, schema: employeeSchema })
/** POST /staff/sort: ids in the order to show. */
export const sortStaff = (companyId: number, sort: number[]) =>
  apiRequest('/staff/sort', {
    method: 'POST',
    body: { company_id: companyId, sort },
    schema: employeeListSchema,
  })
/** POST /staff/{id}/services. */
export const linkStaffServices = (staffId: number, body: StaffServicesLink) =>
  apiRequest(`/staff/${staffId}/services`, { method: 'POST', body, schema: staffServiceLinkListSchema })
/** POST /staff/{id}/services/unlink. */
export const unlinkStaffServices = (staffId: number, serviceIds: number[]) =>
  apiRequest(`/staff/${staffId}/services/unlink`, {
    method: 'POST',
    body: { service_ids: serviceIds },
    schema: staffServiceLinkListSchema,
  })
/** PUT /staff/{id}/services/{serviceId}: seance_length and technological_card_id. */
export const updateStaffService = (
  staffId: number,
  serviceId: number,
  body: v.InferInput<typeof staffServiceUpdateSchema>,
) =>
  apiRequest(`/staff/${staffId}/services/${serviceId}`, {
    method: 'PUT',
    body,
    schema: staffServiceLinkListSchema,
  })
/** PUT /staff/{id}/notifications. */
export const saveStaffNotifications = (staffId: number, body: Partial<StaffNotifications>) =>
  apiRequest(`/staff/${staffId}/notifications`, { method: 'PUT', body, schema: staffNotificationsSchema })
/** PUT /staff/{id}/accesses: whether the employee may open the timetable. */
export const setStaffAccesses = (staffId: number, flag: boolean) =>
  apiRequest(`/staff/${staffId}/accesses`, { method: 'PUT', body: { flag }, schema: employeeSchema })
/** PUT /staff/{id}/change_name. */
export const changeStaffName = (staffId: number, name: string) =>
  apiRequest(`/staff/${staffId}/change_name`, { method: 'PUT', body: { name }, schema: employeeSchema })
/** PATCH /staff/{id}. */
export const patchStaff = (staffId: number, body: StaffPatch) =>
  apiRequest(`/staff/${staffId}`, { method: 'PATCH', body, schema: employeeSchema })
/** POST /settings/master/fire/. */
export const fireStaff = (body: StaffFire) =>
  apiRequest('/settings/master/fire/', { method: 'POST', body, schema: employeeSchema })
/** POST /settings/master/restore/{company}/{id}. */
export const restoreStaff = (companyId: number, staffId: number) =>
  apiRequest(`/settings/master/restore/${companyId}/${staffId}`, { method: 'POST', schema: employeeSchema })
/** POST /settings/master/delete/. */
export const deleteStaff = (body: StaffDelete) =>
  apiRequest('/settings/master/delete/', { method: 'POST', body, schema: employeeSchema })
/**
 * POST /settings/employee/image/upload: the avatar as multipart form data, with its small rendition
 * (`avatar_small`) when the app drew one from the crop.
 */
export function uploadStaffAvatar(staffId: number, avatar: Blob, small?: Blob) {
  const formData = new FormData()
  formData.set('staff_id', String(staffId))
  formData.set('avatar', avatar, 'avatar.jpg')
  if (small) formData.set('avatar_small', small, 'avatar-small.jpg')
  return apiRequest('/settings/employee/image/upload', { method: 'POST', formData, schema: imageGroupSchema })
}
/** DELETE /staff/{id}/avatar: takes the avatar off. */
export const removeStaffAvatar = (staffId: number) =>
  apiRequest(`/staff/${staffId}/avatar`, { method: 'DELETE', schema: v.null() })

/** Every staff change refreshes every staff query: lists, the employee and their services all may change. */
function useStaffMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff'] }) })
}

export const useQuickCreateStaff = () => useStaffMutation(quickCreateStaff)
export const useSortStaff = (companyId: number) =>
  useStaffMutation((sort: number[]) => sortStaff(companyId, sort))
export const useLinkStaffServices = (staffId: number) =>
  useStaffMutation((body: StaffServicesLink) => linkStaffServices(staffId, body))
export const useUnlinkStaffServices = (staffId: number) =>
  useStaffMutation((serviceIds: number[]) => unlinkStaffServices(staffId, serviceIds))
export const useUpdateStaffService = (staffId: number) =>
  useStaffMutation(
    ({ serviceId, body }: { serviceId: number; body: v.InferInput<typeof staffServiceUpdateSchema> }) =>
      updateStaffService(staffId, serviceId, body),
  )
export const useSaveStaffNotifications = (staffId: number) =>
  useStaffMutation((body: Partial<StaffNotifications>) => saveStaffNotifications(staffId, body))
export const useSetStaffAccesses = (staffId: number) =>
  useStaffMutation((flag: boolean) => setStaffAccesses(staffId, flag))
export const useChangeStaffName = (staffId: number) =>
  useStaffMutation((name: string) => changeStaffName(staffId, name))
export const usePatchStaff = (staffId: number) =>
  useStaffMutation((body: StaffPatch) => patchStaff(staffId, body))
export const useFireStaff = () => useStaffMutation(fireStaff)
export const useRestoreStaff = (companyId: number) =>
  useStaffMutation((staffId: number) => restoreStaff(companyId, staffId))
export const useDeleteStaff = () => useStaffMutation(deleteStaff)
export const useUploadStaffAvatar = (staffId: number) =>
  useStaffMutation(({ big, small }: { big: Blob; small: Blob }) => uploadStaffAvatar(staffId, big, small))
export const useRemoveStaffAvatar = (staffId: number) => useStaffMutation(() => removeStaffAvatar(staffId))
