import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { machineCatalog } from './machine-catalog'
import { FlowReviewSummary } from './review/flow-review-summary'
import { statechartModelOf } from './statechart-model'
import './flow-diagrams.css'

/** /flows: every machine in machines/, each linked to its diagram. */
export function FlowsIndexScreen() {
  const { t } = useLingui()
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
      <ul className="flows-list" aria-label={t`Machines`}>
        {machineCatalog.map(({ machine, sourcePath }) => {
          const model = statechartModelOf(machine)
          return (
            <li key={machine.id} className="card" data-machine-id={machine.id}>
              <h2>
                <Link
                  to="/{-$lang}/flows/$machineId"
                  params={(params) => ({ ...params, machineId: machine.id })}
                >
                  {machine.id}
                </Link>
              </h2>
              <p className="muted">
                <code>{sourcePath}</code> ·{' '}
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
