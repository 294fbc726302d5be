import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useStorages } from '../../api/storages/storages'
import { usePageTitle } from '../../ui/page-title'
import { Spinner } from '../../ui/spinner'
import { useCurrentCompany } from '../shell/company-workspace'
import { ReadOnlyNote } from '../shell/read-only-note'
import { NewStorageForm } from './new-storage-form'
import { StorageRow } from './storage-row'
import { UnitsList } from './units-list'

/**
 * The company's storages (goods for sale, consumables for services): create, rename, change what one holds,
 * delete all but the last, or just look; below them, the units goods are counted in for whoever reads goods.
 */
export function StoragesScreen() {
  const { t } = useLingui()
  usePageTitle(msg`Storages`)
  const company = useCurrentCompany()
  const storages = useStorages(company.id)
  const { access } = company
  const canEdit = access.storages_edit_access

  if (storages.isPending) return <Spinner size="large" />
  if (storages.isError) {
    return (
      <section className="card" role="alert">
        <h1>
          <Trans>Storages</Trans>
        </h1>
        <p>
          <Trans>The storages could not be loaded.</Trans>
        </p>
        <button type="button" className="button" onClick={() => void storages.refetch()}>
          {t`Try again`}
        </button>
      </section>
    )
  }
  return (
    <section className="card" aria-labelledby="storages-title">
      <h1 id="storages-title">
        <Trans>Storages</Trans>
      </h1>
      <p className="section-intro">
        <Trans>
          Where the salon keeps goods for sale and consumables for services, such as "Retail shelf" or "Back
          room".
        </Trans>
      </p>
      {canEdit ? (
        <NewStorageForm companyId={company.id} />
      ) : (
        <ReadOnlyNote>
          <Trans>
            You can see the storages but not change them: your rights in this company do not include editing
            storages.
          </Trans>
        </ReadOnlyNote>
      )}
      {storages.data.length === 0 ? (
        <p className="empty-state">
          <Trans>There are no storages yet. Create the first one above, for example "Retail shelf".</Trans>
        </p>
      ) : (
        <ul className="category-list" aria-label={t`Storages`}>
          {storages.data.map((storage) => (
            <StorageRow key={storage.id} companyId={company.id} storage={storage} canEdit={canEdit} />
          ))}
        </ul>
      )}
      {access.storages_goods_access ? <UnitsList companyId={company.id} /> : null}
    </section>
  )
}
