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
 * Unpinning is not awaited (SPEC.md section 7): the pin leaves the list at once. When the call fails, the pin is
 * put back where it was and `onFailure` is told (the screen shows the error toast); either way the list is read
 * again afterwards, so the screen ends up with what the server holds, and then `onSettled` is called.
 */
export function useUnpinField(companyId: number, onFailure: (error: unknown) => void) {
  const queryClient = useQueryClient()
  const { queryKey } = fieldPinsQueryOptions(companyId)
  const remove = (pins: AttendanceFieldPin[] = [], pin: AttendanceFieldPin) =>
    pins.filter((existing) => existing.id !== pin.id)
  const restore = (pins: AttendanceFieldPin[] = [], pin: AttendanceFieldPin) =>
    pins.some((existing) => existing.id === pin.id) ? pins : [...pins, pin].sort((a, b) => a.id - b.id)
  return (pin: AttendanceFieldPin, onSettled?: () => void) => {
    queryClient.setQueryData(queryKey, (pins: AttendanceFieldPin[] | undefined) => remove(pins, pin))
    void (async () => {
      // A read under way would bring the pin back when it lands; it is dropped (which restores the list it
      // started from), so the pin is taken out again once it has stopped.
      await queryClient.cancelQueries({ queryKey })
      queryClient.setQueryData(queryKey, (pins: AttendanceFieldPin[] | undefined) => remove(pins, pin))
      try {
        await unpinField(companyId, pin.id)
      } catch (error) {
        queryClient.setQueryData(queryKey, (pins: AttendanceFieldPin[] | undefined) => restore(pins, pin))
        onFailure(error)
      }
      await queryClient.invalidateQueries({ queryKey })
      onSettled?.()
    })()
  }
}
