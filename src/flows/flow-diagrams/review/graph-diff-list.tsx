import { Trans, useLingui } from '@lingui/react/macro'
import type { GraphDiff } from '../../../../contract/flow-reviews/machine-graph'
import { usePlainWords, type Naming } from '../plain-words'
import type { StatechartModel } from '../statechart-model'

interface DiffItem {
  /** The state's id or the transition's key. */
  id: string
  /** What the diagram calls it; none for an item the flow no longer has. */
  words?: string
}

/**
 * What was added to and removed from the flow since the reviewed version, by states and transitions, in the words
 * the diagram uses (a transition after the state it leaves); the technical ids beside them when the diagram shows
 * technical names. An item the flow no longer has is known only by its id.
 */
export function GraphDiffList({
  diff,
  model,
  naming,
}: {
  diff: GraphDiff
  model: StatechartModel
  naming: Naming
}) {
  const { t } = useLingui()
  const words = usePlainWords()
  const stateItem = (id: string): DiffItem => {
    const state = model.states.find((candidate) => candidate.id === id)
    return { id, words: state ? words.state(state) : undefined }
  }
  const transitionItem = (key: string): DiffItem => {
    const transition = model.transitions.find((candidate) => candidate.key === key)
    const source = transition && model.states.find((state) => state.id === transition.source)
    if (!transition) return { id: key }
    return {
      id: key,
      words: source
        ? `${words.state(source)} — ${words.transition(transition)}`
        : words.transition(transition),
    }
  }
  const groups: [title: string, items: DiffItem[], change: 'added' | 'removed'][] = [
    [t`States added`, diff.addedStates.map(stateItem), 'added'],
    [t`States removed`, diff.removedStates.map(stateItem), 'removed'],
    [t`Transitions added`, diff.addedTransitions.map(transitionItem), 'added'],
    [t`Transitions removed`, diff.removedTransitions.map(transitionItem), 'removed'],
  ]
  const shown = groups.filter(([, items]) => items.length > 0)
  if (shown.length === 0) {
    return (
      <p>
        <Trans>No state or transition was added or removed: descriptions or targets changed.</Trans>
      </p>
    )
  }
  return (
    <div className="flow-review-diff">
      {shown.map(([title, items, change]) => (
        <section key={title} aria-label={title} data-change={change}>
          <h3>{title}</h3>
          <ul className="plain-list">
            {items.map((item) => (
              <li key={item.id} data-diff-id={item.id}>
                {item.words ? <span className="flow-review-diff-words">{item.words}</span> : null}
                {item.words && naming === 'technical' ? ' ' : null}
                {!item.words || naming === 'technical' ? <code>{item.id}</code> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
