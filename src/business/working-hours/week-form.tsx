import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { MAX_INTERVALS_PER_DAY, type DayProblem, type WorkDay } from '../../../contract/working-hours/week'
import { Checkbox } from '../../ui/checkbox'
import { Form } from '../../ui/form'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'
import {
  copiedToOpenDays,
  daysToSend,
  draftOf,
  hasProblems,
  nextInterval,
  weekProblems,
  withDay,
  type DraftDay,
  type WeekProblems,
} from './week-draft'
import { weekdayName } from './week-summary'

/**
 * A week of working hours: for each day whether it is a working day and its stretches of work (a split day
 * has two or more). Every problem is shown at once, under its day, before anything is sent.
 */
export function WeekForm(props: {
  /** The week as the server answers it. */
  days: readonly WorkDay[]
  /** The accessible name of the form ("Opening hours of the salon", "Anna's hours"). */
  label: string
  /** A salon must open on at least one day; a staff member's week may be empty (a leave). */
  mustHaveWork: boolean
  busy: boolean
  onSave: (days: WorkDay[]) => void
  onCancel?: () => void
}) {
  const { t, i18n } = useLingui()
  const [draft, setDraft] = useState(() => draftOf(props.days))
  const [problems, setProblems] = useState<WeekProblems | null>(null)
  // Focus moves to the first problem after a refused save only, never while the user types a correction.
  const [refused, setRefused] = useState<WeekProblems | null>(null)
  const change = (day: DraftDay) => {
    const next = withDay(draft, day)
    setDraft(next)
    // Once the user has been told what is wrong, the messages follow each change.
    if (problems) setProblems(weekProblems(next, props.mustHaveWork))
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = weekProblems(draft, props.mustHaveWork)
    setProblems(found)
    setRefused(hasProblems(found) ? found : null)
    if (!hasProblems(found)) props.onSave(daysToSend(draft))
  }
  const firstOpen = draft.find((day) => day.open)
  const firstOpenName = firstOpen ? weekdayName(firstOpen.weekday, i18n.locale) : ''
  const problemText = (problem: DayProblem) => {
    switch (problem.kind) {
      case 'badTime':
        return t`Enter both times of every stretch.`
      case 'endNotAfterStart':
        return t`A stretch must end after it starts.`
      case 'overlaps':
        return t`Stretches of one day must not overlap.`
      case 'tooMany':
        return t`A day can have at most ${MAX_INTERVALS_PER_DAY} stretches.`
    }
  }

  return (
    <Form onSubmit={submit} errors={refused} className="week-form" aria-label={props.label}>
      {draft.map((day) => {
        const name = weekdayName(day.weekday, i18n.locale)
        const dayErrors = problems?.byDay[day.weekday] ?? []
        const errorText = [...new Set(dayErrors.map(problemText))].join(' ')
        const errorId = `${props.label}-${day.weekday}-error`.replace(/\W+/g, '-')
        return (
          <fieldset key={day.weekday} className="week-day" aria-describedby={errorText ? errorId : undefined}>
            <legend className="visually-hidden">{name}</legend>
            <Checkbox
              className="week-day__open"
              label={name}
              checked={day.open}
              onChange={(event) => change({ ...day, open: event.target.checked })}
            />
            {day.open ? (
              <div className="week-day__intervals">
                {day.intervals.map((interval, index) => {
                  const { start, end } = interval
                  const invalid = dayErrors.some((problem) => 'index' in problem && problem.index === index)
                  const setTime = (field: 'start' | 'end', value: string) =>
                    change({
                      ...day,
                      intervals: day.intervals.map((each, at) =>
                        at === index ? { ...each, [field]: value } : each,
                      ),
                    })
                  return (
                    <div key={index} className="week-day__interval">
                      <TextField
                        type="time"
                        label={
                          <>
                            <Trans context="time range">From</Trans>
                            <span className="visually-hidden"> ({name})</span>
                          </>
                        }
                        value={interval.start}
                        sharedError={invalid ? { id: errorId } : undefined}
                        onChange={(event) => setTime('start', event.target.value)}
                      />
                      <TextField
                        type="time"
                        label={
                          <>
                            <Trans context="time range">Until</Trans>
                            <span className="visually-hidden"> ({name})</span>
                          </>
                        }
                        value={interval.end}
                        sharedError={invalid ? { id: errorId } : undefined}
                        onChange={(event) => setTime('end', event.target.value)}
                      />
                      {day.intervals.length > 1 ? (
                        <button
                          type="button"
                          className="button button--small week-day__remove"
                          aria-label={t`Remove ${start}–${end} on ${name}`}
                          onClick={() =>
                            change({ ...day, intervals: day.intervals.filter((_, at) => at !== index) })
                          }
                        >
                          ×
                        </button>
                      ) : null}
                    </div>
                  )
                })}
                {day.intervals.length < MAX_INTERVALS_PER_DAY ? (
                  <button
                    type="button"
                    className="button--link week-day__add"
                    aria-label={t`Add a break on ${name}`}
                    onClick={() =>
                      change({ ...day, intervals: [...day.intervals, nextInterval(day.intervals)] })
                    }
                  >
                    <Trans>Add a break</Trans>
                  </button>
                ) : null}
              </div>
            ) : (
              <span className="week-day__off">
                <Trans>Day off</Trans>
              </span>
            )}
            {errorText ? (
              <span id={errorId} className="field__error week-day__error">
                {errorText}
              </span>
            ) : null}
          </fieldset>
        )
      })}
      {problems?.noWorkingDay ? (
        <p className="field__error" role="alert">
          <Trans>Choose at least one working day.</Trans>
        </p>
      ) : null}
      <div className="week-form__buttons">
        <SubmitButton busy={props.busy}>
          <Trans>Save</Trans>
        </SubmitButton>
        {firstOpen ? (
          <button
            type="button"
            className="button"
            onClick={() => {
              const next = copiedToOpenDays(draft, firstOpen)
              setDraft(next)
              if (problems) setProblems(weekProblems(next, props.mustHaveWork))
            }}
          >
            <Trans>Copy {firstOpenName} to every working day</Trans>
          </button>
        ) : null}
        {props.onCancel ? (
          <button type="button" className="button" onClick={props.onCancel}>
            <Trans>Cancel</Trans>
          </button>
        ) : null}
      </div>
    </Form>
  )
}
