import { Trans, useLingui } from '@lingui/react/macro'
import type { GraphDiff } from '../../../../contract/flow-reviews/machine-graph'

/** What was added to and removed from the flow since the reviewed version, by states and transitions. */
export function GraphDiffList({ diff }: { diff: GraphDiff }) {
  const { t } = useLingui()
  const groups: [title: string, items: string[], change: 'added' | 'removed'][] = [
    [t`States added`, diff.addedStates, 'added'],
    [t`States removed`, diff.removedStates, 'removed'],
    [t`Transitions added`, diff.addedTransitions, 'added'],
    [t`Transitions removed`, diff.removedTransitions, 'removed'],
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
              <li key={item}>
                <code>{item}</code>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
