import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { rightsHistoryQueryOptions } from '../../api/rights/rights'
import { Spinner } from '../../ui/spinner'
import { RightsChangeList } from './rights-change-list'
import { changeWords, type LimitNames } from './rights-change-words'

/** Who changed the member's rights, when, and what: newest first. */
export function RightsHistory(props: { companyId: number; userId: number; names: LimitNames }) {
  const { i18n } = useLingui()
  const history = useQuery(rightsHistoryQueryOptions(props.companyId, props.userId))
  return (
    <section className="card rights-history" aria-labelledby="rights-history-title">
      <h2 id="rights-history-title">
        <Trans>History of changes</Trans>
      </h2>
      {history.isPending ? (
        <Spinner />
      ) : history.isError ? (
        <p role="alert">
          <Trans>The history could not be loaded.</Trans>
        </p>
      ) : history.data.length === 0 ? (
        <p>
          <Trans>Nobody has changed these rights yet: they are the role's as it comes.</Trans>
        </p>
      ) : (
        <ol className="rights-history__entries">
          {history.data.map((entry) => {
            const when = i18n.date(new Date(entry.changed_at), { dateStyle: 'medium', timeStyle: 'short' })
            const who = entry.changed_by.name
            return (
              <li key={entry.id} className="rights-history__entry">
                <p className="rights-history__who">
                  <Trans>
                    {when}, {who}
                  </Trans>
                </p>
                <RightsChangeList words={changeWords(i18n, entry.changes, props.names)} />
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
