import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { ChosenSlot, StaffChoice } from '../../../machines/online-booking'
import { onlineFreeTimesQueryOptions } from '../../api/online-booking/online-booking'
import { FormAlert } from '../../ui/form-alert'
import { Spinner } from '../../ui/spinner'
import { dayLabel, offeredDates } from './booking-dates'

/** Step 3: a date of the next two weeks and a free start time on it. */
export function TimeStep({
  companyId,
  timeZone,
  serviceIds,
  staff,
  chosen,
  slotLost,
  onChosen,
  onBack,
}: {
  companyId: number
  timeZone: string
  serviceIds: readonly number[]
  staff: StaffChoice
  chosen: ChosenSlot | null
  slotLost: boolean
  onChosen: (slot: ChosenSlot) => void
  onBack: () => void
}) {
  const { t, i18n } = useLingui()
  const dates = offeredDates(timeZone)
  const [date, setDate] = useState(chosen?.date ?? dates[0]!)
  const times = useQuery(onlineFreeTimesQueryOptions(companyId, serviceIds, staff, date))
  return (
    <div>
      {slotLost ? (
        <FormAlert>
          <Trans>Someone has just booked the time you picked. Please pick another time.</Trans>
        </FormAlert>
      ) : null}
      <fieldset className="plain-fieldset">
        <legend className="field__label">
          <Trans>Day</Trans>
        </legend>
        <div className="b2c-days" role="group" aria-label={t`Day`}>
          {dates.map((day) => (
            <button
              key={day}
              type="button"
              className={`b2c-chip${day === date ? ' b2c-chip--current' : ''}`}
              aria-pressed={day === date}
              onClick={() => setDate(day)}
            >
              {dayLabel(day, i18n.locale)}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className="plain-fieldset">
        <legend className="field__label">
          <Trans>Time</Trans>
        </legend>
        {times.isPending ? (
          <Spinner />
        ) : times.isError ? (
          <FormAlert>
            <Trans>The free times could not be loaded. Please try again.</Trans>
          </FormAlert>
        ) : times.data.slots.length === 0 ? (
          <p className="empty-state">
            <Trans>No free times on this day. Please pick another day.</Trans>
          </p>
        ) : (
          <div className="b2c-times" role="group" aria-label={t`Free times`}>
            {times.data.slots.map((slot) => (
              <button
                key={slot.start_at}
                type="button"
                className="b2c-chip"
                onClick={() => onChosen({ ...slot, date })}
              >
                {slot.time}
              </button>
            ))}
          </div>
        )}
      </fieldset>
      <div className="form-actions">
        <button type="button" className="button" onClick={onBack}>
          <Trans>Back</Trans>
        </button>
      </div>
    </div>
  )
}
