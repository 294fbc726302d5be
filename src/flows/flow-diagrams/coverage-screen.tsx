import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import coverage from '../../../docs/coverage/coverage.json'
import type { CoverageReport, Figures, LevelCoverage } from '../../flow-graph/coverage-report'
import type { WalkLevel } from '../../flow-graph/walk-record'
import './flow-diagrams.css'
import { msg } from '@lingui/core/macro'
import { usePageTitle } from '../../ui/page-title'

// Written by `npm run coverage:paths` from the walk records of the last test run, and read at build time.
const report = coverage as CoverageReport
const levels: WalkLevel[] = ['machine', 'screen', 'browser']

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

/** One machine's row in a level's table: its figures and suites, or why it has none at this level. */
function LevelCells({ level }: { level: LevelCoverage }) {
  const { t } = useLingui()
  if (level.status !== 'walked') {
    return (
      <td colSpan={4} data-uncovered={level.status === 'missing' ? 'true' : undefined}>
        {level.status === 'none' ? t`No suite at this level.` : t`Expected, but no suite left a record.`}{' '}
        {level.why}
      </td>
    )
  }
  return (
    <>
      <FigureCells figures={level.figures} />
      <td>
        {level.suites.map((suite) => (
          <code key={suite} className="coverage-suite">
            {suite}
          </code>
        ))}
      </td>
    </>
  )
}

/** /flows/coverage: what the suites walked, per machine, at the machine, screen and browser levels. */
export function CoverageScreen() {
  const { t } = useLingui()
  usePageTitle(msg`Path coverage`)
  const levelTitle: Record<WalkLevel, string> = {
    machine: t`Machine level`,
    screen: t`Screen level (jsdom)`,
    browser: t`Browser level (Chromium)`,
  }
  const levelShort: Record<WalkLevel, string> = {
    machine: t`Machine`,
    screen: t`Screen`,
    browser: t`Browser`,
  }
  const unreachable = report.machines.flatMap((machine) =>
    machine.levels.browser.unreachable.map((item) => ({ machine: machine.id, ...item })),
  )
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
          Every figure is what a running actor really took during the last test run, at three levels: the bare
          machine, the screens rendered in jsdom, and the app in Chromium against the real server.
        </Trans>
      </p>
      {report.failures.length > 0 && (
        <div role="alert">
          <p>
            <Trans>Below the bar:</Trans>
          </p>
          <ul>
            {report.failures.map((failure) => (
              <li key={failure}>{failure}</li>
            ))}
          </ul>
        </div>
      )}
      {levels.map((level) => (
        <table key={level} className="flows-table">
          <caption>{levelTitle[level]}</caption>
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
                <LevelCells level={machine.levels[level]} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t`Total`}</th>
              <FigureCells figures={report.totals[level]} />
              <td />
            </tr>
          </tfoot>
        </table>
      ))}
      <h2>
        <Trans>Transitions a browser cannot take</Trans>
      </h2>
      <ul className="plain-list">
        {unreachable.map((item) => (
          <li key={item.key}>
            <code>{item.label}</code> ({item.machine}): {item.reason}
          </li>
        ))}
      </ul>
      {report.machines.map((machine) => (
        <article key={machine.id} id={`coverage-${machine.id}`} className="card">
          <h2>
            <Link to="/{-$lang}/flows/$machineId" params={(params) => ({ ...params, machineId: machine.id })}>
              {machine.id}
            </Link>
          </h2>
          <table className="flows-table">
            <caption>{t`States`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`State`}</th>
                {levels.map((level) => (
                  <th key={level} scope="col">
                    {levelShort[level]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {machine.states.map((state) => (
                <tr key={state.id} data-uncovered={state.walkedAt.length === 0 ? 'true' : undefined}>
                  <td>
                    <code>#{state.id}</code>
                  </td>
                  {levels.map((level) => (
                    <td key={level}>{state.walkedAt.includes(level) ? '✓' : '—'}</td>
                  ))}
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
                {levels.map((level) => (
                  <th key={level} scope="col">
                    {levelShort[level]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {machine.transitions.map((transition) => (
                <tr
                  key={transition.key}
                  data-uncovered={transition.walkedAt.length === 0 ? 'true' : undefined}
                >
                  <td>
                    <code>#{transition.source}</code>
                  </td>
                  <td>{transition.label}</td>
                  <td>
                    <code>{transition.targets.map((target) => `#${target}`).join(', ')}</code>
                  </td>
                  {levels.map((level) => (
                    <td key={level}>{transition.walkedAt.includes(level) ? '✓' : '—'}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </article>
      ))}
    </section>
  )
}
