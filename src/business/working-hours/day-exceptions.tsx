import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import type { WorkingHoursException } from '../../../contract/appointments/schemas'
import type { ApiError } from '../../api/api-error'
import { useDropDayException, useSaveDayException } from '../../api/working-hours/day-exceptions'
import { Form } from '../../ui/form'
import { RadioGroup } from '../../ui/radio-group'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'
import { showToast } from '../../ui/toast-store'
import {
  dayExceptionProblems,
  intervalsOf,
  type DayExceptionDraft,
  type DayExceptionProblems,
} from './day-exception-draft'

/** "Tue, 2 Dec" in the user's language, for a calendar date (no time zone involved). */
function dateLabel(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`))
}

/**
 * A staff member's changed days ahead (a day off, or other hours than their week's), and for those who may edit
 * schedules a form to change one more day or take a change back. A changed day wins over the week in the
 * appointment book's free times.
 */
export function DayExceptions(props: {
  companyId: number
  staffId: number
  name: string
  /** This member's changed days from today on, by date. */
  exceptions: readonly WorkingHoursException[]
  /** Today in the salon's time zone, YYYY-MM-DD. */
  today: string
  canEdit: boolean
}) {
  const { t, i18n } = useLingui()
  const { companyId, staffId, name, exceptions, today, canEdit } = props
  const [adding, setAdding] = useState(false)
  const drop = useDropDayException(companyId)
  const hoursText = (exception: WorkingHoursException) =>
    exception.intervals.length === 0
      ? t`day off`
      : exception.intervals.map((interval) => `${interval.start}–${interval.end}`).join(', ')
  return (
    <div className="day-exceptions">
      {exceptions.length > 0 ? (
        <ul className="day-exceptions__list" aria-label={t`Changed days of ${name}`}>
          {exceptions.map((exception) => {
            const day = dateLabel(exception.date, i18n.locale)
            const hours = hoursText(exception)
            return (
              <li key={exception.date} className="day-exceptions__item">
                <span>
                  <Trans>
                    {day}: {hours}
                  </Trans>
                </span>
                {canEdit ? (
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={t`Take back the change of ${day} for ${name}`}
                    disabled={drop.isPending}
                    onClick={() =>
                      drop.mutate(
                        { staffId, date: exception.date },
                        {
                          onSuccess: () => showToast('success', t`${name} works the usual hours on ${day}.`),
                          onError: (error) => showRequestFailureToast(error as ApiError),
                        },
                      )
                    }
                  >
                    <Trans>Take back</Trans>
                  </button>
                ) : null}
              </li>
            )
          })}
        </ul>
      ) : null}
      {canEdit ? (
        adding ? (
          <DayExceptionForm
            companyId={companyId}
            staffId={staffId}
            name={name}
            today={today}
            onDone={() => setAdding(false)}
          />
        ) : (
          <button
            type="button"
            className="button--link"
            aria-label={t`Change one day for ${name}`}
            onClick={() => setAdding(true)}
          >
            <Trans>Change one day (day off, other hours)</Trans>
          </button>
        )
      ) : null}
    </div>
  )
}

function DayExceptionForm(props: {
  companyId: number
  staffId: number
  name: string
  today: string
  onDone: () => void
}) {
  const { t, i18n } = useLingui()
  const { companyId, staffId, name, today, onDone } = props
  const save = useSaveDayException(companyId)
  const [draft, setDraft] = useState<DayExceptionDraft>({
    date: '',
    kind: 'off',
    start: '10:00',
    end: '16:00',
  })
  const [problems, setProblems] = useState<DayExceptionProblems | null>(null)
  // Focus moves to the first problem after a refused save only, never while the owner types a correction.
  const [refused, setRefused] = useState<DayExceptionProblems | null>(null)
  const change = (next: Partial<DayExceptionDraft>) => {
    const changed = { ...draft, ...next }
    setDraft(changed)
    if (problems) setProblems(dayExceptionProblems(changed, today))
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = dayExceptionProblems(draft, today)
    setProblems(found)
    setRefused(found)
    if (Object.keys(found).length > 0) return
    const day = dateLabel(draft.date, i18n.locale)
    save.mutate(
      { staffId, date: draft.date, intervals: intervalsOf(draft) },
      {
        onSuccess: () => {
          showToast('success', t`The change of ${day} for ${name} is saved.`)
          onDone()
        },
        onError: (error) => showRequestFailureToast(error as ApiError),
      },
    )
  }
  const dateError =
    problems?.date === 'missing'
      ? t`Choose a date.`
      : problems?.date === 'past'
        ? t`Choose today or a later day.`
        : undefined
  const hoursError =
    problems?.hours === 'missing'
      ? t`Enter both times.`
      : problems?.hours === 'order'
        ? t`The day must end after it starts.`
        : undefined
  return (
    <Form
      onSubmit={submit}
      errors={refused}
      className="day-exception-form"
      aria-label={t`Change one day for ${name}`}
    >
      <TextField
        type="date"
        label={t`Date`}
        min={today}
        value={draft.date}
        error={dateError}
        onChange={(event) => change({ date: event.target.value })}
      />
      <RadioGroup
        name={`day-exception-kind-${staffId}`}
        legend={t`On this day`}
        options={[
          { id: 'off', title: t`Day off` },
          { id: 'hours', title: t`Other hours` },
        ]}
        defaultValue={draft.kind}
        onChange={(kind) => change({ kind: kind === 'hours' ? 'hours' : 'off' })}
      />
      {draft.kind === 'hours' ? (
        <div className="week-day__interval">
          <TextField
            type="time"
            label={<Trans context="time range">From</Trans>}
            value={draft.start}
            error={hoursError}
            onChange={(event) => change({ start: event.target.value })}
          />
          <TextField
            type="time"
            label={<Trans context="time range">Until</Trans>}
            value={draft.end}
            onChange={(event) => change({ end: event.target.value })}
          />
        </div>
      ) : null}
      <div className="week-form__buttons">
        <SubmitButton busy={save.isPending}>
          <Trans>Save the day</Trans>
        </SubmitButton>
        <button type="button" className="button" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </Form>
  )
}
