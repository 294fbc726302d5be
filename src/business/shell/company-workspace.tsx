import { Trans, useLingui } from '@lingui/react/macro'
import { Outlet, useMatches, useParams } from '@tanstack/react-router'
import { createContext, useContext, type ReactNode } from 'react'
import type { CompanyWithAccess } from '../../../contract/companies/schemas'
import { callFailureOf } from '../../../machines/call-failure'
import { useCompany, useMyCompanies } from '../../api/companies/companies'
import { Spinner } from '../../ui/spinner'
import type { Section } from './sections'
import { WorkspaceShell } from './workspace-shell'

const CurrentCompanyContext = createContext<CompanyWithAccess | null>(null)

/** The company the workspace shows, with the user's rights in it; only inside the workspace frame. */
export function useCurrentCompany(): CompanyWithAccess {
  const company = useContext(CurrentCompanyContext)
  if (!company) throw new Error('useCurrentCompany is used inside the company workspace only')
  return company
}

/**
 * Loads one company with the user's rights and frames `children` in the workspace shell; a company the user
 * is not a member of is "not found" (the server never confirms that a foreign company exists).
 */
export function CompanyWorkspaceFrame(props: {
  companyId: number
  section: Section['key']
  children: ReactNode
}) {
  const { t } = useLingui()
  const company = useCompany(props.companyId)
  const companies = useMyCompanies()
  if (company.isPending) return <Spinner size="large" />
  if (company.isError) {
    return (
      <section className="card" role="alert">
        <h1>
          {[403, 404].includes(callFailureOf(company.error).status) ? (
            <Trans>There is no such company among yours</Trans>
          ) : (
            <Trans>The company could not be loaded</Trans>
          )}
        </h1>
        <p>{company.error.message}</p>
        <button type="button" className="button" onClick={() => void company.refetch()}>
          {t`Try again`}
        </button>
      </section>
    )
  }
  return (
    <CurrentCompanyContext.Provider value={company.data}>
      <WorkspaceShell company={company.data} companies={companies.data ?? []} section={props.section}>
        {props.children}
      </WorkspaceShell>
    </CurrentCompanyContext.Provider>
  )
}

/** The `/company/{id}` layout: the section of the deepest route that names one. */
export function CompanyWorkspace() {
  const { companyId } = useParams({ strict: false }) as { companyId?: string }
  const section = useMatches({
    select: (matches) => matches.findLast((match) => match.staticData.section)?.staticData.section,
  })
  return (
    <CompanyWorkspaceFrame companyId={Number(companyId)} section={section ?? 'overview'}>
      <Outlet />
    </CompanyWorkspaceFrame>
  )
}
