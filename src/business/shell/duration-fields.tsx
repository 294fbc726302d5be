import { Trans } from '@lingui/react/macro'
import { TextField } from '../../ui/text-field'

/**
 * A duration as hours and minutes (SPEC.md section 3, the duration/price form), one group under the legend
 * "Duration"; the error, about the whole duration, shows under the minutes.
 */
export function DurationFields(props: {
  hours: string
  minutes: string
  error: string | undefined
  onHours: (value: string) => void
  onMinutes: (value: string) => void
}) {
  return (
    <fieldset className="field-row" aria-describedby={props.error ? 'duration-error' : undefined}>
      <legend>
        <Trans>Duration</Trans>
      </legend>
      <TextField
        label={<Trans>Hours</Trans>}
        inputMode="numeric"
        value={props.hours}
        onChange={(event) => props.onHours(event.target.value)}
      />
      <TextField
        label={<Trans>Minutes</Trans>}
        inputMode="numeric"
        value={props.minutes}
        onChange={(event) => props.onMinutes(event.target.value)}
        error={props.error}
      />
    </fieldset>
  )
}
