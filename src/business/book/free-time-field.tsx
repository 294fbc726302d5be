import { Trans } from '@lingui/react/macro'
import type { UseQueryResult } from '@tanstack/react-query'
import type { FreeSlots } from '../../../contract/appointments/schemas'
import { SelectField } from '../../ui/select-field'
import { Spinner } from '../../ui/spinner'

/** The free start times of the chosen day, as the server counts them for the staff member and services. */
export function FreeTimeField(props: {
  serviceChosen: boolean
  slots: UseQueryResult<FreeSlots>
  value: string
  onChange: (startAt: string) => void
}) {
  const { serviceChosen, slots, value, onChange } = props
  if (!serviceChosen) {
    return (
      <p className="field__hint">
        <Trans>Choose a service to see the free times.</Trans>
      </p>
    )
  }
  if (slots.isPending) return <Spinner size="small" />
  if (slots.isError) {
    return (
      <p className="field__hint" role="alert">
        <Trans>The free times could not be loaded.</Trans>
      </p>
    )
  }
  if (slots.data.slots.length === 0) {
    return (
      <p className="field__hint" role="status">
        <Trans>No free time on this day.</Trans>
      </p>
    )
  }
  return (
    <SelectField label={<Trans>Time</Trans>} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">—</option>
      {slots.data.slots.map((slot) => (
        <option key={slot.start_at} value={slot.start_at}>
          {slot.time}
        </option>
      ))}
    </SelectField>
  )
}
