import { Trans, useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useEffect, useState } from 'react'
import type { Service } from '../../../contract/services/schemas'
import { compositeStatusMachine, type CompositePart } from '../../../machines/composite-status'
import { inspectionOptions } from '../../app/inspection'
import { SelectField } from '../../ui/select-field'
import { TextField } from '../../ui/text-field'
import { partChoicesOf, partOf } from './composite-parts'

interface CompositePartsFieldsProps {
  /** The parts the composite has now (none for a new one). */
  initialParts: CompositePart[]
  /** The company's services, to choose parts from. */
  catalogue: Service[]
  /** Told of the parts after every change, for the save. */
  onPartsChange: (parts: CompositePart[]) => void
  discount: string
  onDiscountChange: (discount: string) => void
  discountError: string | undefined
  partsError: string | undefined
  /** "Takes 1 h 30 min and costs RUB 3,400", from the parts. */
  totals: string
}

/**
 * The parts of a composite service, in the order they are done, and its status as the machine decides it
 * (machines/composite-status.ts): adding, removing or moving a part, or a part whose service is switched off,
 * shows at once whether clients can book the composite.
 */
export function CompositePartsFields(props: CompositePartsFieldsProps) {
  const { t } = useLingui()
  const { catalogue, onPartsChange } = props
  const [state, send] = useMachine(compositeStatusMachine, {
    ...inspectionOptions(),
    input: { parts: props.initialParts },
  })
  const { parts } = state.context
  useEffect(() => onPartsChange(parts), [parts, onPartsChange])
  const choices = partChoicesOf(catalogue, parts)
  const [chosen, setChosen] = useState('')
  const toAdd = choices.find((service) => String(service.id) === chosen) ?? choices[0]
  const ready = state.matches('ready')
  const switchedOff = parts.filter((part) => !part.bookable).map((part) => part.title)

  return (
    <fieldset className="composite-fields" aria-describedby="composite-status">
      <legend>
        <Trans>Parts of the composite service</Trans>
      </legend>
      <p
        id="composite-status"
        role="status"
        className={ready ? 'composite-status composite-status--ready' : 'composite-status'}
      >
        {ready ? (
          <Trans>Ready: clients can book it.</Trans>
        ) : (
          <Trans>Not configured: clients can book it once it combines at least two active services.</Trans>
        )}
        {switchedOff.length > 0 ? (
          <>
            {' '}
            <Trans>Not active: {switchedOff.join(', ')}.</Trans>
          </>
        ) : null}
      </p>
      {parts.length === 0 ? (
        <p className="field__hint">
          <Trans>Add the services it is made of, in the order they are done.</Trans>
        </p>
      ) : (
        <ol className="composite-parts" aria-label={t`Parts in order`}>
          {parts.map((part, index) => (
            <li key={part.serviceId} className="composite-parts__item">
              <span className="composite-parts__title">
                {part.title}
                {part.bookable ? null : (
                  <>
                    {' '}
                    <span className="badge">
                      <Trans>not active</Trans>
                    </span>
                  </>
                )}
              </span>
              <button
                type="button"
                className="button button--small button--inline"
                disabled={index === 0}
                aria-label={t`Move ${part.title} up`}
                onClick={() => send({ type: 'part.moved', serviceId: part.serviceId, offset: -1 })}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button--small button--inline"
                aria-label={t`Remove ${part.title}`}
                onClick={() => send({ type: 'part.removed', serviceId: part.serviceId })}
              >
                <Trans>Remove</Trans>
              </button>
            </li>
          ))}
        </ol>
      )}
      {props.partsError ? <p className="form-error">{props.partsError}</p> : null}
      {toAdd ? (
        <div className="composite-add">
          <SelectField
            label={<Trans>Service to add</Trans>}
            value={String(toAdd.id)}
            onChange={(event) => setChosen(event.target.value)}
          >
            {choices.map((service) => (
              <option key={service.id} value={service.id}>
                {service.active === 1 ? service.title : t`${service.title} (not active)`}
              </option>
            ))}
          </SelectField>
          <button
            type="button"
            className="button button--inline"
            onClick={() => {
              send({ type: 'part.added', part: partOf(toAdd) })
              setChosen('')
            }}
          >
            <Trans>Add the part</Trans>
          </button>
        </div>
      ) : catalogue.length === 0 ? (
        <p className="field__hint">
          <Trans>Create the services it is made of first.</Trans>
        </p>
      ) : null}
      <TextField
        label={<Trans>Discount on the sum of the parts, %</Trans>}
        inputMode="numeric"
        value={props.discount}
        onChange={(event) => props.onDiscountChange(event.target.value)}
        error={props.discountError}
      />
      <p>{props.totals}</p>
    </fieldset>
  )
}
