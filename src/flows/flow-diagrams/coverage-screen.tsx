import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import coverage from '../../../docs/coverage/coverage.json'
import type { CoverageReport, Figures } from '../../flow-graph/coverage-report'
import './flow-diagrams.css'

// Written by `npm run coverage:paths` and read at build time; the unit tests keep it current.
const report = coverage as CoverageReport

function percent(covered: number, total: number) {
  return total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10
}

function FigureCells({ figures }: { figures: Figures }) {
  return (
    <>
      <td>
        {figures.statesCovered}/{figures.states} ({percent(figures.statesCovered, figures.states)}%)
      </td>
      <td>
        {figures.transitionsCovered}/{figures.transitions} (
        {percent(figures.transitionsCovered, figures.transitions)}%)
      </td>
      <td>{figures.paths}</td>
    </>
  )
}

/** /flows/coverage: how many generated paths reach each state and transition, and which tests run them. */
export function CoverageScreen() {
  const { t } = useLingui()
  return (
    <section className="flows" aria-labelledby="coverage-title">
      <nav className="flows-nav">
        <Link to="/{-$lang}/flows" params={(params) => params}>
          <Trans>All flows</Trans>
        </Link>
      </nav>
      <h1 id="coverage-title">
        <Trans>Path coverage</Trans>
      </h1>
      <p>
        <Trans>
          The model-based tests walk the shortest path to every transition of every machine, on the machine
          and on the rendered screens. The bar is 100% of states and transitions.
        </Trans>
      </p>
      <table className="flows-table">
        <caption>{t`Totals per machine`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Machine`}</th>
            <th scope="col">{t`States`}</th>
            <th scope="col">{t`Transitions`}</th>
            <th scope="col">{t`Paths`}</th>
            <th scope="col">{t`Tests`}</th>
          </tr>
        </thead>
        <tbody>
          {report.machines.map((machine) => (
            <tr key={machine.id}>
              <th scope="row">
                <a href={`#coverage-${machine.id}`}>{machine.id}</a>
              </th>
              <FigureCells figures={machine.figures} />
              <td>{machine.tests.length}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t`Total`}</th>
            <FigureCells figures={report.totals} />
            <td>{new Set(report.machines.flatMap((machine) => machine.tests)).size}</td>
          </tr>
        </tfoot>
      </table>
      {report.machines.map((machine) => (
        <article key={machine.id} id={`coverage-${machine.id}`} className="card">
          <h2>
            <Link to="/{-$lang}/flows/$machineId" params={(params) => ({ ...params, machineId: machine.id })}>
              {machine.id}
            </Link>
          </h2>
          <h3>{t`Tests that replay the paths`}</h3>
          <ul className="plain-list">
            {machine.tests.map((test) => (
              <li key={test}>
                <code>{test}</code>
              </li>
            ))}
          </ul>
          <table className="flows-table">
            <caption>{t`States`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`State`}</th>
                <th scope="col">{t`Paths`}</th>
              </tr>
            </thead>
            <tbody>
              {machine.states.map((state) => (
                <tr key={state.id} data-uncovered={state.paths === 0 ? 'true' : undefined}>
                  <td>
                    <code>#{state.id}</code>
                  </td>
                  <td>{state.paths}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="flows-table">
            <caption>{t`Transitions`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`From`}</th>
                <th scope="col">{t`Transition`}</th>
                <th scope="col">{t`To`}</th>
                <th scope="col">{t`Paths`}</th>
              </tr>
            </thead>
            <tbody>
              {machine.transitions.map((transition) => (
                <tr key={transition.key} data-uncovered={transition.paths === 0 ? 'true' : undefined}>
                  <td>
                    <code>#{transition.source}</code>
                  </td>
                  <td>{transition.label}</td>
                  <td>
                    <code>{transition.targets.map((target) => `#${target}`).join(', ')}</code>
                  </td>
                  <td>{transition.paths}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </article>
      ))}
    </section>
  )
}
