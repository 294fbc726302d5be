import { Trans } from '@lingui/react/macro'
import type { ChangeWords } from './rights-change-words'

/** A diff in words: what is granted, what is taken away, and how the limits change. */
export function RightsChangeList({ words }: { words: ChangeWords }) {
  const granted = words.granted.join(', ')
  const takenAway = words.takenAway.join(', ')
  return (
    <ul className="rights-changes">
      {words.granted.length > 0 ? (
        <li>
          <Trans>Granted: {granted}.</Trans>
        </li>
      ) : null}
      {words.takenAway.length > 0 ? (
        <li>
          <Trans>Taken away: {takenAway}.</Trans>
        </li>
      ) : null}
      {words.limits.map((limit) => (
        <li key={limit}>{limit}.</li>
      ))}
    </ul>
  )
}
