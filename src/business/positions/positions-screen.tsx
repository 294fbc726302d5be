import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { usePositions } from '../../api/positions/positions'
import { usePageTitle } from '../../ui/page-title'
import { Spinner } from '../../ui/spinner'
import { useCurrentCompany } from '../shell/company-workspace'
import { ReadOnlyNote } from '../shell/read-only-note'
import { NewPositionForm } from './new-position-form'
import { PositionRow } from './position-row'

/** The company's positions (Stylist, Administrator, ...): create, rename, delete one nobody holds, or just look. */
export function PositionsScreen() {
  const { t } = useLingui()
  usePageTitle(msg`Positions`)
  const company = useCurrentCompany()
  const positions = usePositions(company.id)
  const { access } = company
  const canCreate = access.settings_positions_create_access
  const canRename = access.settings_positions_edit_access
  const canDelete = access.settings_positions_delete_access

  if (positions.isPending) return <Spinner size="large" />
  if (positions.isError) {
    return (
      <section className="card" role="alert">
        <h1>
          <Trans>Positions</Trans>
        </h1>
        <p>
          <Trans>The positions could not be loaded.</Trans>
        </p>
        <button type="button" className="button" onClick={() => void positions.refetch()}>
          {t`Try again`}
        </button>
      </section>
    )
  }
  return (
    <section className="card" aria-labelledby="positions-title">
      <h1 id="positions-title">
        <Trans>Positions</Trans>
      </h1>
      <p className="section-intro">
        <Trans>
          A position is what a staff member does in the salon, such as "Stylist" or "Administrator". Next to
          each position is the number of services its staff provide.
        </Trans>
      </p>
      {canCreate ? <NewPositionForm companyId={company.id} /> : null}
      {canCreate || canRename || canDelete ? null : (
        <ReadOnlyNote>
          <Trans>
            You can see the positions but not change them: your rights in this company do not include editing
            positions.
          </Trans>
        </ReadOnlyNote>
      )}
      {positions.data.length === 0 ? (
        <p className="empty-state">
          <Trans>There are no positions yet. Create the first one above, for example "Stylist".</Trans>
        </p>
      ) : (
        <ul className="category-list" aria-label={t`Positions`}>
          {positions.data.map((position) => (
            <PositionRow
              key={position.id}
              companyId={company.id}
              position={position}
              canRename={canRename}
              canDelete={canDelete}
            />
          ))}
        </ul>
      )}
    </section>
  )
}
