import { Trans, useLingui } from '@lingui/react/macro'
import { Checkbox } from '../../ui/checkbox'
import { TextField } from '../../ui/text-field'
import type { StaffRowProblems, StaffRowValues } from './service-staff'

interface ServiceStaffFieldsProps {
  rows: StaffRowValues[]
  onChange: (rows: StaffRowValues[]) => void
  problems: Map<number, StaffRowProblems>
  mayChangePrices: boolean
  /** What an empty own duration and price stand for: the service's, as typed above. */
  serviceHours: string
  serviceMinutes: string
  servicePrice: string
}

/**
 * "Who performs it": a box per employee, and for each one ticked their own duration and price, left empty where
 * they take the service's (the hints say what that is).
 */
export function ServiceStaffFields(props: ServiceStaffFieldsProps) {
  const { t } = useLingui()
  const { rows, onChange, problems, mayChangePrices, serviceHours, serviceMinutes, servicePrice } = props
  const change = (id: number, patch: Partial<StaffRowValues>) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)))
  return (
    <fieldset className="staff-fields">
      <legend>
        <Trans>Who performs it</Trans>
      </legend>
      {rows.length === 0 ? (
        <p className="field__hint">
          <Trans>There is no one on the staff yet. Add the team first, then choose who performs it.</Trans>
        </p>
      ) : null}
      {rows.map((row) => {
        const rowProblems = problems.get(row.id) ?? {}
        return (
          <div key={row.id} className="staff-fields__row">
            <Checkbox
              label={row.name}
              checked={row.performs}
              onChange={(event) => change(row.id, { performs: event.target.checked })}
            />
            {row.performs ? (
              <fieldset className="field-row staff-fields__own">
                <legend className="visually-hidden">
                  <Trans>{row.name}: own duration and price</Trans>
                </legend>
                <TextField
                  label={
                    <Trans>
                      <span className="visually-hidden">{row.name}, </span>Own hours
                    </Trans>
                  }
                  inputMode="numeric"
                  value={row.hours}
                  placeholder={serviceHours}
                  onChange={(event) => change(row.id, { hours: event.target.value })}
                />
                <TextField
                  label={
                    <Trans>
                      <span className="visually-hidden">{row.name}, </span>Own minutes
                    </Trans>
                  }
                  inputMode="numeric"
                  value={row.minutes}
                  placeholder={serviceMinutes}
                  onChange={(event) => change(row.id, { minutes: event.target.value })}
                  error={rowProblems.minutes ? t(rowProblems.minutes) : undefined}
                />
                <TextField
                  label={
                    <Trans>
                      <span className="visually-hidden">{row.name}, </span>Own price
                    </Trans>
                  }
                  inputMode="numeric"
                  value={row.price}
                  placeholder={servicePrice}
                  disabled={!mayChangePrices}
                  onChange={(event) => change(row.id, { price: event.target.value })}
                  error={rowProblems.price ? t(rowProblems.price) : undefined}
                />
              </fieldset>
            ) : null}
          </div>
        )
      })}
      {rows.some((row) => row.performs) ? (
        <p className="field__hint">
          <Trans>Leave the own duration or price empty where the employee takes the service's.</Trans>
        </p>
      ) : null}
    </fieldset>
  )
}
