import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useMemo, useRef, useState } from 'react'
import { renderMermaid } from '../../flow-graph/flow-doc'
import { NotFoundScreen } from '../../ui/not-found-screen'
import { Spinner } from '../../ui/spinner'
import { downloadText, serializeDiagram } from './download'
import { layoutStatechart, type LaidOutStatechart } from './flow-layout'
import { catalogEntryOf, type CatalogEntry } from './machine-catalog'
import { StateDetailsPanel } from './state-details-panel'
import { fullViewBoxOf, StatechartView, viewBoxText } from './statechart-view'
import { statechartModelOf, type DiagramState } from './statechart-model'
import { useLiveState } from './use-live-state'
import './flow-diagrams.css'

/** /flows/$machineId: one machine drawn as an interactive statechart, live when the inspector runs. */
export function FlowDiagramScreen({ machineId }: { machineId: string }) {
  const entry = catalogEntryOf(machineId)
  if (!entry) return <NotFoundScreen />
  return <FlowDiagram key={machineId} entry={entry} />
}

function FlowDiagram({ entry }: { entry: CatalogEntry }) {
  const { t } = useLingui()
  const { machine, sourcePath } = entry
  const model = useMemo(() => statechartModelOf(machine), [machine])
  const [layout, setLayout] = useState<LaidOutStatechart | null>(null)
  const [layoutError, setLayoutError] = useState(false)
  const [selected, setSelected] = useState<DiagramState | null>(null)
  const svgRef = useRef<SVGSVGElement>(null)
  const live = useLiveState(machine.id)
  const activeStateIds = useMemo(() => new Set(live?.activeStateIds ?? []), [live])

  useEffect(() => {
    let current = true
    layoutStatechart(model).then(
      (result) => current && setLayout(result),
      () => current && setLayoutError(true),
    )
    return () => {
      current = false
    }
  }, [model])

  const downloadSvg = () => {
    if (!svgRef.current || !layout) return
    downloadText(
      `${machine.id}.svg`,
      serializeDiagram(svgRef.current, viewBoxText(fullViewBoxOf(layout))),
      'image/svg+xml',
    )
  }
  const downloadMermaid = () =>
    downloadText(`${machine.id}.mmd`, `${renderMermaid(machine)}\n`, 'text/vnd.mermaid;charset=utf-8')

  const currentStates = live
    ? model.states
        .filter((state) => activeStateIds.has(state.id) && state.children.length === 0)
        .map((state) => state.path.join('.'))
    : []

  return (
    <section className="flows" aria-labelledby="flow-title">
      <nav className="flows-nav">
        <Link to="/{-$lang}/flows" params={(params) => params}>
          <Trans>All flows</Trans>
        </Link>
      </nav>
      <h1 id="flow-title">
        <Trans>Flow: {machine.id}</Trans>
      </h1>
      <p className="muted">
        <code>{sourcePath}</code> ·{' '}
        <Trans>
          {model.states.length} states, {model.transitions.length} transitions
        </Trans>
      </p>
      <div className="flows-actions">
        <button type="button" className="button" onClick={downloadSvg} disabled={!layout}>
          <Trans>Download SVG</Trans>
        </button>
        <button type="button" className="button" onClick={downloadMermaid}>
          <Trans>Download Mermaid</Trans>
        </button>
      </div>
      <p className="flows-live" role="status" data-live={live ? 'true' : 'false'}>
        {live ? (
          <Trans>
            Live: the running {machine.id} flow is in {currentStates.join(', ') || '—'}; last event{' '}
            {live.event}
            {live.lastTransition ? ` (${live.lastTransition.label})` : ''}.
          </Trans>
        ) : (
          <Trans>
            Live mode: open any page of the app with ?inspect=1 in this tab or another one, and this diagram
            follows the running flow.
          </Trans>
        )}
      </p>
      <div className="flows-body">
        {layout ? (
          <StatechartView
            machineId={machine.id}
            layout={layout}
            selectedId={selected?.id ?? null}
            onSelect={setSelected}
            activeStateIds={activeStateIds}
            activeTransitionKey={live?.lastTransition?.key ?? null}
            svgRef={svgRef}
          />
        ) : layoutError ? (
          <p role="alert">{t`The diagram could not be laid out.`}</p>
        ) : (
          <Spinner size="large" />
        )}
        <StateDetailsPanel state={selected} transitions={model.transitions} />
      </div>
    </section>
  )
}
