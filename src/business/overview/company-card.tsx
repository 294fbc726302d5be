import { Trans, useLingui } from '@lingui/react/macro'
import { useCompany } from '../../api/companies/companies'
import { Spinner } from '../../ui/spinner'
import { roleLabel } from './role-label'

/** The company the user works in, read fresh from GET /company/{id}/. */
export function CompanyCard({ companyId }: { companyId: number }) {
  const { i18n } = useLingui()
  const company = useCompany(companyId)
  if (company.isPending) return <Spinner size="large" />
  if (company.isError) {
    return (
      <section className="card" role="alert">
        <p>{company.error.message}</p>
      </section>
    )
  }
  const { title, type, user_role, timezone, currency_short_title } = company.data
  return (
    <section className="card" aria-labelledby="company-title">
      <h1 id="company-title">{title}</h1>
      <dl className="facts">
        <dt>
          <Trans>Type</Trans>
        </dt>
        <dd>{type === 'group' ? <Trans>Chain</Trans> : <Trans>Salon</Trans>}</dd>
        <dt>
          <Trans>Your role</Trans>
        </dt>
        <dd>{roleLabel(i18n, user_role)}</dd>
        <dt>
          <Trans>Time zone</Trans>
        </dt>
        <dd>{timezone}</dd>
        <dt>
          <Trans>Currency</Trans>
        </dt>
        <dd>{currency_short_title}</dd>
      </dl>
    </section>
  )
}
