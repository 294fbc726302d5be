import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { TextField } from '../../ui/text-field'
import { flowTitleOf } from './flow-titles'
import { machineCatalog } from './machine-catalog'
import { FlowReviewSummary } from './review/flow-review-summary'
import { statechartModelOf } from './statechart-model'
import './flow-diagrams.css'
import { msg } from '@lingui/core/macro'
import { usePageTitle } from '../../ui/page-title'

/** Whether a flow answers a query: by its title in the reader's language or by its machine's id. */
export function flowMatches(query: string, title: string, machineId: string): boolean {
  const wanted = query.trim().toLocaleLowerCase()
  return (
    wanted === '' ||
    title.toLocaleLowerCase().includes(wanted) ||
    machineId.toLocaleLowerCase().includes(wanted)
  )
}

/** /flows: every machine in machines/, each named as a product owner calls it and linked to its diagram. */
export function FlowsIndexScreen() {
  const { t, i18n } = useLingui()
  usePageTitle(msg`Flows`)
  const [query, setQuery] = useState('')
  const flows = machineCatalog
    .map((entry) => ({ ...entry, title: flowTitleOf(i18n, entry.machine.id) }))
    .sort((a, b) => a.title.localeCompare(b.title, i18n.locale))
  const shown = flows.filter(({ title, machine }) => flowMatches(query, title, machine.id))
  const count = shown.length
  return (
    <section className="flows" aria-labelledby="flows-title">
      <h1 id="flows-title">
        <Trans>Flows</Trans>
      </h1>
      <p>
        <Trans>
          Every flow of the app is a state machine; each diagram below is drawn from the machine itself. Add
          ?inspect=1 to any page of the app to follow it live.
        </Trans>{' '}
        <Link to="/{-$lang}/flows/coverage" params={(params) => params}>
          <Trans>Path coverage</Trans>
        </Link>
      </p>
      <div className="flows-search" role="search">
        <TextField
          type="search"
          label={t`Find a flow by its name or technical id`}
          value={query}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
        <p className="muted flows-search-status" role="status">
          {query.trim() === '' ? null : count === 0 ? (
            t`No flow matches.`
          ) : (
            <Plural value={count} one="# flow matches." other="# flows match." />
          )}
        </p>
      </div>
      <ul className="flows-list" aria-label={t`Flows`}>
        {shown.map(({ machine, sourcePath, title }) => {
          const model = statechartModelOf(machine)
          return (
            <li key={machine.id} className="card" data-machine-id={machine.id}>
              <h2>
                <Link
                  to="/{-$lang}/flows/$machineId"
                  params={(params) => ({ ...params, machineId: machine.id })}
                >
                  {title}
                </Link>
              </h2>
              <p className="muted">
                <code>{machine.id}</code> · <code>{sourcePath}</code> ·{' '}
                <Trans>
                  {model.states.length} states, {model.transitions.length} transitions
                </Trans>
              </p>
              <FlowReviewSummary machine={machine} />
            </li>
          )
        })}
      </ul>
    </section>
  )
}
