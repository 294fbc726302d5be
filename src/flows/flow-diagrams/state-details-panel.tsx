import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { screenOfRoute } from './screen-of-route'
import { screenshotsOf } from './screens/flow-screenshots'
import { StateScreenshot } from './screens/state-screenshot'
import { usePlainWords, type Naming } from './plain-words'
import { ReviewComments } from './review/review-comments'
import type { DiagramState, DiagramTransition } from './statechart-model'

function Row({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  )
}

function List({ items }: { items: string[] }) {
  const { t } = useLingui()
  if (items.length === 0) return <>{t`none`}</>
  return (
    <ul className="plain-list">
      {items.map((item, index) => (
        <li key={`${item}-${index}`}>
          <code>{item}</code>
        </li>
      ))}
    </ul>
  )
}

/** What a product owner asks of a state: where it is, what it runs and what it renders. */
export function StateDetailsPanel({
  machineId,
  state,
  transitions,
  naming,
  collapsed,
  onToggleCollapsed,
}: {
  machineId: string
  state: DiagramState | null
  transitions: DiagramTransition[]
  naming: Naming
  collapsed: boolean
  onToggleCollapsed: (stateId: string) => void
}) {
  const { t } = useLingui()
  const words = usePlainWords()
  const router = useRouter()
  if (!state) {
    return (
      <aside className="card flow-panel" aria-label={t`State details`}>
        <p>
          <Trans>
            Choose a state in the diagram to see its route, its actions and the screen it renders.
          </Trans>
        </p>
      </aside>
    )
  }
  const screen = state.route ? screenOfRoute(router, state.route) : undefined
  // A state without a route of its own can still be a step the user sees on a page (the booking page's steps).
  const photographed = screenshotsOf(machineId, state.path.join('.')).length > 0
  const outgoing = transitions.filter((transition) => transition.source === state.id)
  const typeNames: Record<DiagramState['type'], string> = {
    atomic: t`simple`,
    compound: t`compound`,
    parallel: t`parallel`,
    final: t`final`,
    history: t`history`,
  }
  return (
    <aside className="card flow-panel" aria-labelledby="state-details-title">
      <h2 id="state-details-title">
        {naming === 'technical' ? <code>{state.path.join('.')}</code> : words.state(state)}
      </h2>
      {state.children.length > 0 ? (
        <button type="button" className="button" onClick={() => onToggleCollapsed(state.id)}>
          {collapsed ? t`Expand this state` : t`Collapse this state`}
        </button>
      ) : null}
      <StateScreenshot machineId={machineId} stateKey={state.path.join('.')} stateName={words.state(state)} />
      <dl className="flow-facts">
        {naming === 'technical' ? (
          <Row term={t`Description`}>{words.state(state)}</Row>
        ) : (
          <Row term={t`Technical name`}>
            <code>{state.path.join('.')}</code>
          </Row>
        )}
        <Row term={t`Kind`}>
          {typeNames[state.type]}
          {state.initial ? `, ${t`initial`}` : ''}
        </Row>
        <Row term={t`Route`}>{state.route ? <code>{state.route}</code> : t`not a screen of its own`}</Row>
        {state.area ? <Row term={t`Area`}>{state.area}</Row> : null}
        <Row term={t`Screen`}>
          {screen ? (
            <>
              <code>{screen.name}</code>
              {screen.file ? <span className="muted"> ({screen.file})</span> : null}
            </>
          ) : photographed ? (
            t`a step within a page, as the picture shows`
          ) : (
            t`none`
          )}
        </Row>
        <Row term={t`Entry actions`}>
          <List items={state.entry} />
        </Row>
        {state.exit.length > 0 ? (
          <Row term={t`Exit actions`}>
            <List items={state.exit} />
          </Row>
        ) : null}
        <Row term={t`Invoked actors`}>
          <List
            items={state.invokes.map((invoke) =>
              invoke.src === invoke.id ? invoke.id : `${invoke.id} (${invoke.src})`,
            )}
          />
        </Row>
        {state.timers.length > 0 ? (
          <Row term={t`Timers`}>
            <List items={state.timers} />
          </Row>
        ) : null}
        <Row term={t`Transitions`}>
          {naming === 'technical' ? (
            <List
              items={outgoing.map(
                (transition) =>
                  `${transition.label} → ${transition.internal ? t`(stays)` : transition.targets.join(', ')}${
                    transition.actions.length ? ` / ${transition.actions.join(', ')}` : ''
                  }`,
              )}
            />
          ) : outgoing.length === 0 ? (
            t`none`
          ) : (
            <ul className="plain-list">
              {outgoing.map((transition) => (
                <li key={transition.key}>{words.transition(transition)}</li>
              ))}
            </ul>
          )}
        </Row>
      </dl>
      <ReviewComments machineId={machineId} state={state} transitions={outgoing} naming={naming} />
    </aside>
  )
}
