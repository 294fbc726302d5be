import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import {
  rightGroups,
  type RightFlag,
  type RightGroup,
  type Rights,
} from '../../../contract/access/rights-catalogue'
import { Checkbox } from '../../ui/checkbox'
import { grantedCount, lockedReads, matchesSearch } from './rights-draft'
import { rightGroupTitles, rightTexts } from './right-texts'

/**
 * The flags in their groups, each group a disclosure with how many of its flags are granted. A search shows only
 * the flags it finds, with their groups open; a read flag that a ticked edit flag needs is ticked and locked.
 */
export function RightsFlagGroups(props: {
  draft: Rights
  search: string
  /** Why nothing can be changed (read-only, the owner), or null when the flags can be edited. */
  locked: boolean
  /** The flags the editor does not hold themselves, which they cannot grant. */
  beyondEditor: (flag: RightFlag) => boolean
  onToggle: (flag: RightFlag, on: boolean) => void
}) {
  const { i18n } = useLingui()
  const { draft, search } = props
  // Only an open group renders its flags: closed, the page holds 18 lines instead of 194 flags with their texts.
  const [open, setOpen] = useState<ReadonlySet<RightGroup>>(new Set())
  const toggled = (group: RightGroup, isOpen: boolean) =>
    setOpen((previous) => {
      if (previous.has(group) === isOpen) return previous
      const next = new Set(previous)
      if (isOpen) next.add(group)
      else next.delete(group)
      return next
    })
  const needs = lockedReads(draft)
  const searching = search.trim() !== ''
  const groups = (Object.keys(rightGroups) as RightGroup[])
    .map((group) => ({
      group,
      flags: rightGroups[group].filter(
        (flag) =>
          !searching ||
          matchesSearch(search, flag, i18n._(rightTexts[flag].title), i18n._(rightTexts[flag].description)),
      ),
    }))
    .filter((entry) => entry.flags.length > 0)
  if (groups.length === 0)
    return (
      <p className="rights-groups__empty" role="status">
        <Trans>No right matches “{search}”.</Trans>
      </p>
    )
  return (
    <div className="rights-groups">
      {groups.map(({ group, flags }) => {
        const all = rightGroups[group]
        const granted = grantedCount(draft, all)
        const groupTitle = i18n._(rightGroupTitles[group])
        const total = all.length
        return (
          // A search opens every group it finds something in; otherwise the groups start closed.
          <details
            key={`${group}-${searching ? 'found' : 'all'}`}
            className="rights-group"
            open={searching || open.has(group)}
            onToggle={(event) => toggled(group, event.currentTarget.open)}
          >
            <summary className="rights-group__summary">
              <span className="rights-group__title">{groupTitle}</span>{' '}
              <span className="rights-group__count">
                <Trans>
                  {granted} of {total} granted
                </Trans>
              </span>
            </summary>
            {searching || open.has(group) ? (
              <ul className="rights-group__flags">
                {flags.map((flag) => {
                  const neededBy = needs.get(flag)
                  const cannotGrant = !draft[flag] && props.beyondEditor(flag)
                  const neededByTitle = neededBy ? i18n._(rightTexts[neededBy].title) : ''
                  return (
                    <li key={flag} className="rights-flag">
                      <Checkbox
                        name={flag}
                        checked={draft[flag]}
                        disabled={props.locked || neededBy !== undefined || cannotGrant}
                        onChange={(event) => props.onToggle(flag, event.target.checked)}
                        label={
                          <>
                            <span className="rights-flag__title">{i18n._(rightTexts[flag].title)}</span>
                            <span className="rights-flag__description">
                              {i18n._(rightTexts[flag].description)}
                            </span>
                            {neededBy ? (
                              <span className="rights-flag__note">
                                <Trans>Needed by “{neededByTitle}”, which is ticked.</Trans>
                              </span>
                            ) : null}
                            {cannotGrant && !props.locked ? (
                              <span className="rights-flag__note">
                                <Trans>You cannot grant it: you do not have this right yourself.</Trans>
                              </span>
                            ) : null}
                            <code className="rights-flag__key">{flag}</code>
                          </>
                        }
                      />
                    </li>
                  )
                })}
              </ul>
            ) : null}
          </details>
        )
      })}
    </div>
  )
}
