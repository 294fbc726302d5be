import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { Company, CompanyWithAccess } from '../../../contract/companies/schemas'
import { useGroups } from '../../api/groups/groups'
import { ActingAsBanner } from './acting-as-banner'
import { CompanySwitcher } from './company-switcher'
import { NotInChain } from './not-in-chain'
import { canRead, pageOf, visibleSections, type Section } from './sections'
import { UserMenu } from './user-menu'

/**
 * The frame of every workspace page: the company and its switcher, the user's menu, the sections the user's
 * rights allow, and the section's own content.
 */
export function WorkspaceShell(props: {
  company: CompanyWithAccess
  companies: Company[]
  section: Section['key']
  children: ReactNode
}) {
  const { t } = useLingui()
  const { company, companies, children } = props
  const groups = useGroups()
  const section = pageOf(props.section)
  const inChain = company.main_group_id !== null
  return (
    <div className="workspace">
      <ActingAsBanner />
      <header className="topbar workspace__bar">
        <CompanySwitcher
          current={company}
          companies={companies.length > 0 ? companies : [company]}
          groups={groups.data ?? []}
          section={section}
        />
        <UserMenu companyId={company.id} />
      </header>
      <nav className="workspace__nav" aria-label={t`Sections`}>
        <ul>
          {visibleSections(company.access, inChain).map((item) => (
            <li key={item.key}>
              <Link
                to={`/{-$lang}/company/$companyId${item.path}`}
                params={(previous) => ({ lang: previous.lang, companyId: String(company.id) })}
                // The router marks a link to a parent path as current too; the section decides here.
                activeOptions={{ exact: true }}
                activeProps={{}}
                aria-current={item.key === section.key ? 'page' : undefined}
              >
                {t(item.name)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="workspace__main">
        {canRead(company.access, section, inChain) ? (
          children
        ) : section.onlyInChain && !inChain ? (
          <NotInChain />
        ) : (
          <SectionNotAllowed />
        )}
      </div>
    </div>
  )
}

/** What a section shows to a user whose rights do not include it. */
export function SectionNotAllowed() {
  return (
    <section className="card" role="alert">
      <h1>
        <Trans>This section is closed to you</Trans>
      </h1>
      <p>
        <Trans>Your rights in this company do not include this section. Ask the owner to grant them.</Trans>
      </p>
    </section>
  )
}
