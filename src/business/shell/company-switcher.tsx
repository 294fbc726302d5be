import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Company } from '../../../contract/companies/schemas'
import type { CompanyGroup } from '../../../contract/groups/schemas'
import type { Section } from './sections'

interface CompanyGroupView {
  /** The chain's title; null for the companies outside any chain. */
  title: string | null
  companies: Company[]
}

/** The user's companies by chain, chains first in the order the server lists them, then the single salons. */
export function groupCompanies(companies: Company[], groups: CompanyGroup[]): CompanyGroupView[] {
  const chained = groups
    .map((group) => ({
      title: group.title,
      companies: companies.filter((company) => company.main_group_id === group.id),
    }))
    .filter((group) => group.companies.length > 0)
  const grouped = new Set(chained.flatMap((group) => group.companies.map((company) => company.id)))
  const alone = companies.filter((company) => !grouped.has(company.id))
  return alone.length > 0 ? [...chained, { title: null, companies: alone }] : chained
}

/**
 * Every company of the user, grouped by chain; picking one opens the same section there. Plain links in a
 * disclosure: they work with the keyboard, a screen reader and a middle click like any link.
 */
export function CompanySwitcher(props: {
  current: Company
  companies: Company[]
  groups: CompanyGroup[]
  section: Section
}) {
  const { t } = useLingui()
  const { current, companies, groups, section } = props
  const count = companies.length
  if (companies.length < 2) return <p className="workspace__company">{current.title}</p>
  return (
    <details className="menu">
      <summary className="menu__button" aria-label={t`Company: ${current.title}. Switch company`}>
        {current.title}
      </summary>
      <div className="menu__panel">
        <p className="menu__note">
          <Plural
            value={count}
            one="You work in # company"
            few="You work in # companies"
            many="You work in # companies"
            other="You work in # companies"
          />
        </p>
        {groupCompanies(companies, groups).map((group) => (
          <section key={group.title ?? ''} aria-label={group.title ?? t`Single salons`}>
            <h2 className="menu__heading">{group.title ?? <Trans>Single salons</Trans>}</h2>
            <ul className="menu__list">
              {group.companies.map((company) => (
                <li key={company.id}>
                  <Link
                    to={`/{-$lang}/company/$companyId${section.path}`}
                    params={(previous) => ({ lang: previous.lang, companyId: String(company.id) })}
                    aria-current={company.id === current.id ? 'true' : undefined}
                  >
                    {company.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </details>
  )
}
