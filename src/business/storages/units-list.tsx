import { Trans, useLingui } from '@lingui/react/macro'
import { useUnits } from '../../api/units/units'

/**
 * The units goods are measured in (piece, millilitre, gram), read-only: they are a fixed reference that goods
 * pick from, as in YCLIENTS and Fresha, not something a salon manages.
 */
export function UnitsList({ companyId }: { companyId: number }) {
  const { t } = useLingui()
  const units = useUnits(companyId)
  return (
    <section className="units" aria-labelledby="units-title">
      <h2 id="units-title">
        <Trans>Units of measure</Trans>
      </h2>
      <p className="section-intro">
        <Trans>The units goods and consumables are counted in. They are the same for every salon.</Trans>
      </p>
      {units.isPending ? (
        <p>
          <Trans>Loading the units…</Trans>
        </p>
      ) : units.isError ? (
        <div role="alert">
          <p>
            <Trans>The units could not be loaded.</Trans>
          </p>
          <button type="button" className="button" onClick={() => void units.refetch()}>
            {t`Try again`}
          </button>
        </div>
      ) : units.data.length === 0 ? (
        <p className="empty-state">
          <Trans>No units are set up.</Trans>
        </p>
      ) : (
        <ul className="units__list" aria-label={t`Units of measure`}>
          {units.data.map((unit) => (
            <li key={unit.id}>
              {unit.title} <span className="units__short">({unit.short_title})</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
