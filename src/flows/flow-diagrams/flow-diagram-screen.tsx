import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useMemo, useRef, useState } from 'react'
import { renderMermaid } from '../../flow-graph/flow-doc'
import { NotFoundScreen } from '../../ui/not-found-screen'
import { usePageTitle } from '../../ui/page-title'
import { Spinner } from '../../ui/spinner'
import { downloadText } from '../../ui/download'
import { serializeDiagram } from './download'
import { PngDownloadButton } from './export/png-download-button'
import { layoutStatechart, plainTexts, technicalTexts, type LaidOutStatechart } from './flow-layout'
import { flowTitleOf, flowTitles } from './flow-titles'
import { catalogEntryOf, type CatalogEntry } from './machine-catalog'
import { FlowReviewBar } from './review/flow-review-bar'
import { StateDetailsPanel } from './state-details-panel'
import { thumbnailOf } from './screens/flow-screenshots'
import { ScreenshotOnHover } from './screens/screenshot-on-hover'
import { fullViewBoxOf, StatechartView, viewBoxText } from './statechart-view'
import { usePlainWords, type Naming } from './plain-words'
import { statechartModelOf, type DiagramState, type StatechartModel } from './statechart-model'
import { useLiveState } from './use-live-state'
import { useFocusRequest } from './navigation/focus-request'
import { StateSearch } from './navigation/state-search'
import { parentsToOpen, withOpened } from './navigation/state-matches'
import type { PlaybackSearch } from './playback/path-address'
import { PathPlayer } from './playback/path-player'
import { usePathPlayback } from './playback/use-path-playback'
import './flow-diagrams.css'

interface FlowDiagramScreenProps {
  machineId: string
  /** The path being played and its step, from the address. */
  playback?: PlaybackSearch
  onPlaybackChange?: (search: PlaybackSearch) => void
}

const noPlayback: PlaybackSearch = {}
const ignorePlayback = () => {}

/** /flows/$machineId: one machine drawn as an interactive statechart, live when the inspector runs. */
export function FlowDiagramScreen({
  machineId,
  playback = noPlayback,
  onPlaybackChange = ignorePlayback,
}: FlowDiagramScreenProps) {
  const entry = catalogEntryOf(machineId)
  if (!entry) return <NotFoundScreen />
  return <FlowDiagram key={machineId} entry={entry} playback={playback} onPlaybackChange={onPlaybackChange} />
}

/** A flow larger than this opens with its compound states closed, so that it reads at the fit zoom. */
export const collapseBeyondStates = 20

/** The compound states a flow opens with closed: none for a small flow, every top-level one for a large one. */
export function initiallyCollapsed(model: StatechartModel): Set<string> {
  if (model.states.length <= collapseBeyondStates) return new Set()
  return new Set(model.root.children.filter((state) => state.children.length > 0).map((state) => state.id))
}

function FlowDiagram({
  entry,
  playback: playbackSearch,
  onPlaybackChange,
}: {
  entry: CatalogEntry
  playback: PlaybackSearch
  onPlaybackChange: (search: PlaybackSearch) => void
}) {
  const { t, i18n } = useLingui()
  const { machine, sourcePath } = entry
  // The tab names the flow as the heading does (an untitled machine: "Flows").
  usePageTitle(flowTitles[machine.id] ?? msg`Flows`)
  const model = useMemo(() => statechartModelOf(machine), [machine])
  const words = usePlainWords()
  const [naming, setNaming] = useState<Naming>('plain')
  // Each box with a screen shows its picture unless the reader hides them (a compact drawing, or to export).
  const [thumbnailsShown, setThumbnailsShown] = useState(true)
  const hasThumbnail = useMemo(
    () =>
      thumbnailsShown
        ? (state: DiagramState, closed: boolean) => thumbnailOf(machine.id, state, closed, 'en') !== undefined
        : undefined,
    [machine.id, thumbnailsShown],
  )
  const thumbnailUrlOf = ({ state, hiddenStates }: { state: DiagramState; hiddenStates?: number }) =>
    thumbnailOf(machine.id, state, hiddenStates !== undefined, i18n.locale)?.url
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => initiallyCollapsed(model))
  const texts = useMemo(
    () => (naming === 'technical' ? technicalTexts : plainTexts(words.state, words.transition)),
    [naming, words],
  )
  const compoundIds = useMemo(
    () => model.states.filter((state) => state.children.length > 0).map((state) => state.id),
    [model],
  )
  const toggleCollapsed = (stateId: string) =>
    setCollapsed((current) => {
      const next = new Set(current)
      if (!next.delete(stateId)) next.add(stateId)
      return next
    })
  const [layout, setLayout] = useState<LaidOutStatechart | null>(null)
  const [layoutError, setLayoutError] = useState(false)
  const [selected, setSelected] = useState<DiagramState | null>(null)
  const svgRef = useRef<SVGSVGElement>(null)
  const live = useLiveState(machine.id)
  const { request: focusRequest, requestFocus } = useFocusRequest()
  const [matchedStateIds, setMatchedStateIds] = useState<ReadonlySet<string>>(new Set())
  const playback = usePathPlayback({
    machine,
    model,
    search: playbackSearch,
    onSearchChange: onPlaybackChange,
    onShowStep: (step, path) => {
      // The states the path passes through are drawn open, and the panel shows the state of the step.
      setCollapsed((current) =>
        withOpened(
          current,
          path.steps.flatMap((each) => each.activeIds),
        ),
      )
      setSelected(model.states.find((state) => state.id === step.focusId) ?? null)
      requestFocus(step.focusId, false)
    },
  })
  const played = playback.current
  const activeStateIds = useMemo(
    () => new Set(played?.activeIds ?? live?.activeStateIds ?? []),
    [played, live],
  )

  useEffect(() => {
    let current = true
    layoutStatechart({ model, texts, collapsed, hasThumbnail }).then(
      (result) => current && setLayout(result),
      () => current && setLayoutError(true),
    )
    return () => {
      current = false
    }
  }, [model, texts, collapsed, hasThumbnail])

  const downloadSvg = () => {
    if (!svgRef.current || !layout) return
    downloadText(
      `${machine.id}.svg`,
      serializeDiagram(svgRef.current, viewBoxText(fullViewBoxOf(layout))),
      'image/svg+xml',
    )
  }
  const drawnSvg = () => {
    if (!svgRef.current || !layout) return null
    const box = fullViewBoxOf(layout)
    return { text: serializeDiagram(svgRef.current, viewBoxText(box)), width: box.width, height: box.height }
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
      <h1 id="flow-title">{flowTitleOf(i18n, machine.id)}</h1>
      <p className="muted">
        <code>{machine.id}</code> · <code>{sourcePath}</code> ·{' '}
        <Trans>
          {model.states.length} states, {model.transitions.length} transitions
        </Trans>
      </p>
      <div className="flows-actions">
        <button type="button" className="button" onClick={downloadSvg} disabled={!layout}>
          <Trans>Download SVG</Trans>
        </button>
        <PngDownloadButton fileName={`${machine.id}.png`} ready={Boolean(layout)} svg={drawnSvg} />
        <button type="button" className="button" onClick={downloadMermaid}>
          <Trans>Download Mermaid</Trans>
        </button>
        <label className="flows-toggle">
          <input
            type="checkbox"
            checked={naming === 'technical'}
            onChange={(event) => setNaming(event.target.checked ? 'technical' : 'plain')}
          />{' '}
          <Trans>Technical names</Trans>
        </label>
        <label className="flows-toggle">
          <input
            type="checkbox"
            checked={thumbnailsShown}
            onChange={(event) => setThumbnailsShown(event.target.checked)}
          />{' '}
          <Trans>Screen pictures</Trans>
        </label>
        {compoundIds.length > 0 ? (
          <>
            <button type="button" className="button" onClick={() => setCollapsed(new Set())}>
              <Trans>Expand all</Trans>
            </button>
            <button type="button" className="button" onClick={() => setCollapsed(new Set(compoundIds))}>
              <Trans>Collapse all</Trans>
            </button>
          </>
        ) : null}
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
      <FlowReviewBar machine={machine} model={model} naming={naming} />
      <div className="flows-tools">
        <StateSearch
          states={model.states}
          onMatches={(matches) => {
            setMatchedStateIds(new Set(matches.map((state) => state.id)))
            setCollapsed((current) => withOpened(current, parentsToOpen(model.states, matches)))
            if (matches[0]) requestFocus(matches[0].id, false)
          }}
          onChoose={(state) => requestFocus(state.id, true)}
        />
        <PathPlayer playback={playback} model={model} naming={naming} />
      </div>
      <div className="flows-body">
        {layout ? (
          <ScreenshotOnHover machineId={machine.id} states={model.states}>
            <StatechartView
              machineId={machine.id}
              layout={layout}
              selectedId={selected?.id ?? null}
              onSelect={setSelected}
              activeStateIds={activeStateIds}
              activeTransitionKey={
                played ? (played.transition?.key ?? null) : (live?.lastTransition?.key ?? null)
              }
              svgRef={svgRef}
              naming={naming}
              matchedStateIds={matchedStateIds}
              focusRequest={focusRequest}
              thumbnailUrlOf={thumbnailUrlOf}
            />
          </ScreenshotOnHover>
        ) : layoutError ? (
          <p role="alert">{t`The diagram could not be laid out.`}</p>
        ) : (
          <Spinner size="large" />
        )}
        <StateDetailsPanel
          machineId={machine.id}
          state={selected}
          transitions={model.transitions}
          naming={naming}
          collapsed={selected ? collapsed.has(selected.id) : false}
          onToggleCollapsed={toggleCollapsed}
        />
      </div>
    </section>
  )
}
