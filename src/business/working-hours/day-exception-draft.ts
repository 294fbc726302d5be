import { minutesOf, type WorkInterval } from '../../../contract/working-hours/week'

/** What the owner typed for one changed day: a date, and either a day off or other hours. */
export interface DayExceptionDraft {
  date: string
  kind: 'off' | 'hours'
  start: string
  end: string
}

export type DayExceptionProblems = Partial<Record<'date' | 'hours', 'missing' | 'past' | 'order'>>

/** Every problem of the draft at once; a day in the past cannot be changed (its appointments are history). */
export function dayExceptionProblems(draft: DayExceptionDraft, today: string): DayExceptionProblems {
  const problems: DayExceptionProblems = {}
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) problems.date = 'missing'
  else if (draft.date < today) problems.date = 'past'
  if (draft.kind === 'hours') {
    if (!draft.start || !draft.end) problems.hours = 'missing'
    else if (minutesOf(draft.end) <= minutesOf(draft.start)) problems.hours = 'order'
  }
  return problems
}

/** The stretches to send: none for a day off. */
export const intervalsOf = (draft: DayExceptionDraft): WorkInterval[] =>
  draft.kind === 'off' ? [] : [{ start: draft.start, end: draft.end }]
