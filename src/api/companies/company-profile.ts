import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  companyPictures,
  companyProfileSchema,
  type CompanyPictureKind,
  type CompanyProfileBody,
} from '../../../contract/companies/profile-schemas'
import { imageGroupSchema } from '../../../contract/images/schemas'
import { apiRequest } from '../client'

/** GET /company/{id}/ read for its profile: the same call as the workspace's company, parsed for the page. */
export function fetchCompanyProfile(companyId: number) {
  return apiRequest(`/company/${companyId}/`, { schema: companyProfileSchema })
}
export const companyProfileQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: ['company-profile', companyId], queryFn: () => fetchCompanyProfile(companyId) })
export const useCompanyProfile = (companyId: number) => useQuery(companyProfileQueryOptions(companyId))

/** PUT /company/{id}: refused with 409 when the profile was saved since `expected_version`. */
export function saveCompanyProfile(companyId: number, body: CompanyProfileBody) {
  return apiRequest(`/company/${companyId}`, { method: 'PUT', body, schema: companyProfileSchema })
}

/** POST /company/{id}/images/{kind}: the logo or the booking-form header as multipart form data. */
export function uploadCompanyPicture(companyId: number, kind: CompanyPictureKind, picture: Blob) {
  const formData = new FormData()
  formData.set(companyPictures[kind].field, picture)
  return apiRequest(`/company/${companyId}/images/${kind}`, {
    method: 'POST',
    formData,
    schema: imageGroupSchema,
  })
}

/** DELETE /company/{id}/images/{kind}. */
export const removeCompanyPicture = (companyId: number, kind: CompanyPictureKind) =>
  apiRequest(`/company/${companyId}/images/${kind}`, { method: 'DELETE', schema: v.null() })

/** The profile, and the company the workspace shows (its title and time zone), are read again after a change. */
function useProfileRefresh(companyId: number) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['company-profile', companyId] }),
      queryClient.invalidateQueries({ queryKey: ['company', companyId] }),
      queryClient.invalidateQueries({ queryKey: ['companies'] }),
      queryClient.invalidateQueries({ queryKey: ['working-hours'] }),
    ])
}

export function useSaveCompanyProfile(companyId: number) {
  const queryClient = useQueryClient()
  const refresh = useProfileRefresh(companyId)
  return useMutation({
    mutationFn: (body: CompanyProfileBody) => saveCompanyProfile(companyId, body),
    // Not awaited: the form starts afresh on the new version, and the caller's own onSuccess (its toast) must run
    // before that re-render, which it would not once the form that called it is gone.
    onSuccess: (profile) => {
      queryClient.setQueryData(companyProfileQueryOptions(companyId).queryKey, profile)
      void refresh()
    },
  })
}

export function useUploadCompanyPicture(companyId: number, kind: CompanyPictureKind) {
  const refresh = useProfileRefresh(companyId)
  return useMutation({
    mutationFn: (picture: Blob) => uploadCompanyPicture(companyId, kind, picture),
    onSuccess: refresh,
  })
}

export function useRemoveCompanyPicture(companyId: number, kind: CompanyPictureKind) {
  const refresh = useProfileRefresh(companyId)
  return useMutation({ mutationFn: () => removeCompanyPicture(companyId, kind), onSuccess: refresh })
}
