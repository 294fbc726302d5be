import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { TextField } from '../../../ui/text-field'
import { usePlainWords } from '../plain-words'
import { screenOfRoute } from '../screen-of-route'
import type { DiagramState } from '../statechart-model'
import { matchingStates } from './state-matches'
import './state-search.css'

export interface StateSearchProps {
  states: DiagramState[]
  /** The states the query finds (none for an empty query), each time it changes. */
  onMatches: (matches: DiagramState[]) => void
  /** Enter in the field: the reader goes to this match. */
  onChoose: (state: DiagramState) => void
}

/**
 * A field that finds states by what the diagram says, their technical name, their route or their screen. Every
 * match is highlighted; Enter moves the keyboard focus to a match, the first one, then (back in the field) the
 * next one.
 */
export function StateSearch({ states, onMatches, onChoose }: StateSearchProps) {
  const { t } = useLingui()
  const words = usePlainWords()
  const router = useRouter()
  const [query, setQuery] = useState('')
  const [chosen, setChosen] = useState(-1)
  const texts = useMemo(
    () => ({
      words: words.state,
      screenName: (state: DiagramState) =>
        state.route ? screenOfRoute(router, state.route)?.name : undefined,
    }),
    [words, router],
  )
  const matches = useMemo(() => matchingStates(states, query, texts), [states, query, texts])
  const count = matches.length

  return (
    <div className="state-search" role="search">
      <TextField
        type="search"
        label={t`Find a state or screen`}
        value={query}
        autoComplete="off"
        onChange={(event) => {
          const next = event.target.value
          setQuery(next)
          setChosen(-1)
          onMatches(matchingStates(states, next, texts))
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || count === 0) return
          event.preventDefault()
          const next = (chosen + 1) % count
          setChosen(next)
          onChoose(matches[next]!)
        }}
      />
      <p className="state-search-status" role="status">
        {query.trim() === '' ? null : count === 0 ? (
          t`No state matches.`
        ) : (
          <Plural
            value={count}
            one="# state matches: Enter goes to it."
            other="# states match: Enter goes to the next one."
          />
        )}
      </p>
      <p className="muted state-search-hint">
        <Trans>
          Tab or the arrow keys move from state to state in the diagram; Enter opens the state in focus.
        </Trans>
      </p>
    </div>
  )
}
