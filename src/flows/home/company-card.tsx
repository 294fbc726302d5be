import { Trans } from '@lingui/react/macro'
import type { Company } from '../../api/companies/schemas'

/** The company the user works in, as the business-management side will open it. */
export function CompanyCard({ company }: { company: Company }) {
  return (
    <section className="card" aria-labelledby="company-title">
      <h1 id="company-title">{company.title}</h1>
      <dl className="facts">
        <dt>
          <Trans>Type</Trans>
        </dt>
        <dd>{company.type === 'group' ? <Trans>Chain</Trans> : <Trans>Salon</Trans>}</dd>
        <dt>
          <Trans>Your role</Trans>
        </dt>
        <dd>{company.user_role}</dd>
        <dt>
          <Trans>Time zone</Trans>
        </dt>
        <dd>{company.timezone}</dd>
        <dt>
          <Trans>Currency</Trans>
        </dt>
        <dd>{company.currency_short_title}</dd>
      </dl>
    </section>
  )
}
