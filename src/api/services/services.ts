import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiRequest } from '../client'
import { imageGroupSchema } from '../../../contract/images/schemas'
import {
  serviceListSchema,
  serviceSchema,
  type ServiceCreateBody,
  type ServiceUpdateBody,
} from '../../../contract/services/schemas'

/** GET services/{companyId}/, optionally of one category or one employee. */
export function fetchServices(companyId: number, filter: { category_id?: number; staff_id?: number } = {}) {
  return apiRequest(`/services/${companyId}/`, { query: filter, schema: serviceListSchema })
}
export const servicesQueryOptions = (
  companyId: number,
  filter: { category_id?: number; staff_id?: number } = {},
) =>
  queryOptions({
    queryKey: ['services', companyId, 'list', filter],
    queryFn: () => fetchServices(companyId, filter),
  })
export const useServices = (companyId: number, filter: { category_id?: number; staff_id?: number } = {}) =>
  useQuery(servicesQueryOptions(companyId, filter))

/** GET services/{companyId}/{serviceId}. */
export function fetchService(companyId: number, serviceId: number) {
  return apiRequest(`/services/${companyId}/${serviceId}`, { schema: serviceSchema })
}
export const serviceQueryOptions = (companyId: number, serviceId: number) =>
  queryOptions({
    queryKey: ['services', companyId, 'one', serviceId],
    queryFn: () => fetchService(companyId, serviceId),
  })
export const useService = (companyId: number, serviceId: number) =>
  useQuery(serviceQueryOptions(companyId, serviceId))

/** POST services/{companyId}/. */
export const createService = (companyId: number, body: ServiceCreateBody) =>
  apiRequest(`/services/${companyId}/`, { method: 'POST', body, schema: serviceSchema })
/** PUT services/{companyId}/{serviceId}: only the fields sent change. */
export const updateService = (companyId: number, serviceId: number, body: ServiceUpdateBody) =>
  apiRequest(`/services/${companyId}/${serviceId}`, { method: 'PUT', body, schema: serviceSchema })
/** DELETE services/{companyId}/{serviceId}. */
export const deleteService = (companyId: number, serviceId: number) =>
  apiRequest(`/services/${companyId}/${serviceId}`, { method: 'DELETE', schema: v.null() })
/** POST services/{companyId}/{serviceId}/image: a picture as multipart form data. */
export function uploadServiceImage(companyId: number, serviceId: number, image: Blob) {
  const formData = new FormData()
  formData.set('image', image)
  return apiRequest(`/services/${companyId}/${serviceId}/image`, {
    method: 'POST',
    formData,
    schema: imageGroupSchema,
  })
}
/** DELETE services/{companyId}/{serviceId}/image: takes the service's pictures off (SPEC.md section 3, delete_image). */
export const removeServiceImage = (companyId: number, serviceId: number) =>
  apiRequest(`/services/${companyId}/${serviceId}/image`, { method: 'DELETE', schema: v.null() })

/** Service changes also change categories (counts, staff), so both are refreshed. */
function useServiceMutation<TInput, TResult>(
  companyId: number,
  mutationFn: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['services', companyId] })
      await queryClient.invalidateQueries({ queryKey: ['service_categories', companyId] })
    },
  })
}
export const useCreateService = (companyId: number) =>
  useServiceMutation(companyId, (body: ServiceCreateBody) => createService(companyId, body))
export const useUpdateService = (companyId: number) =>
  useServiceMutation(companyId, ({ id, body }: { id: number; body: ServiceUpdateBody }) =>
    updateService(companyId, id, body),
  )
export const useDeleteService = (companyId: number) =>
  useServiceMutation(companyId, (id: number) => deleteService(companyId, id))
export const useUploadServiceImage = (companyId: number) =>
  useServiceMutation(companyId, ({ id, image }: { id: number; image: Blob }) =>
    uploadServiceImage(companyId, id, image),
  )
export const useRemoveServiceImage = (companyId: number) =>
  useServiceMutation(companyId, (id: number) => removeServiceImage(companyId, id))
