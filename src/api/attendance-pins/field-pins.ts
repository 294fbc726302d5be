import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../client'
import * as v from 'valibot'
import {
  attendanceFieldPinSchema,
  attendanceFieldPinsSchema,
  type AttendanceFieldPin,
} from '../../../contract/attendance-pins/schemas'

const pinsPath = (companyId: number) => `/companies/${companyId}/attendance/field_pins`

/** GET companies/{companyId}/attendance/field_pins */
export function fetchFieldPins(companyId: number) {
  return apiRequest(pinsPath(companyId), { schema: attendanceFieldPinsSchema })
}

export const fieldPinsQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['attendance-pins', companyId, 'fields'],
    queryFn: () => fetchFieldPins(companyId),
  })

export const useFieldPins = (companyId: number) => useQuery(fieldPinsQueryOptions(companyId))

/** POST companies/{companyId}/attendance/field_pins {slug}: pinning a pinned field answers the existing pin. */
export function pinField(companyId: number, slug: string) {
  return apiRequest(pinsPath(companyId), { method: 'POST', body: { slug }, schema: attendanceFieldPinSchema })
}

export function usePinField(companyId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (slug: string) => pinField(companyId, slug),
    onSuccess: (pin) =>
      queryClient.setQueryData(
        fieldPinsQueryOptions(companyId).queryKey,
        (pins: AttendanceFieldPin[] = []) =>
          pins.some((existing) => existing.id === pin.id) ? pins : [...pins, pin],
      ),
  })
}

/** DELETE companies/{companyId}/attendance/field_pins/{pinId} */
export function unpinField(companyId: number, pinId: number) {
  return apiRequest(`${pinsPath(companyId)}/${pinId}`, { method: 'DELETE', schema: v.null() })
}

/**
 * Unpinning is not awaited (SPEC.md section 7): the pin leaves the list at once, and the list is read again
 * afterwards, so a failed unpin shows up as the pin coming back.
 */
export function useUnpinField(companyId: number) {
  const queryClient = useQueryClient()
  const { queryKey } = fieldPinsQueryOptions(companyId)
  return (pinId: number) => {
    queryClient.setQueryData(queryKey, (pins: AttendanceFieldPin[] = []) =>
      pins.filter((pin) => pin.id !== pinId),
    )
    void unpinField(companyId, pinId)
      .catch(() => undefined)
      .finally(() => queryClient.invalidateQueries({ queryKey }))
  }
}
