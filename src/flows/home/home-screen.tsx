import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { switchStateQueryOptions } from '../../api/auth/switch-user'
import { useMyCompanies } from '../../api/companies/companies'
import { SwitchUserPanel } from '../../business/account/switch-user-panel'
import { ActingAsBanner } from '../../business/shell/acting-as-banner'
import { OverviewScreen } from '../../business/overview/overview-screen'
import { CompanyWorkspaceFrame } from '../../business/shell/company-workspace'
import { UserMenu } from '../../business/shell/user-menu'
import { usePageTitle } from '../../ui/page-title'
import { Spinner } from '../../ui/spinner'

/** The home route by its id: the screen reads the route's search without importing the route module. */
const homeRoute = getRouteApi('/{-$lang}/')

/**
 * The signed-in home: the workspace overview of the user's company (the first one, or the one picked with
 * `?company=`), or 'no companies yet'.
 */
export function HomeScreen() {
  const { t } = useLingui()
  usePageTitle(msg`Your companies`)
  const companies = useMyCompanies()
  const { company: requestedId } = homeRoute.useSearch()
  // Support staff belong to no company: their home is where they sign in as a customer.
  const switchState = useQuery(switchStateQueryOptions())

  if (companies.isPending) return <Spinner size="large" />
  const selected = companies.data?.find((company) => company.id === requestedId) ?? companies.data?.[0]
  if (selected) {
    return (
      <CompanyWorkspaceFrame companyId={selected.id} section="overview">
        <OverviewScreen />
      </CompanyWorkspaceFrame>
    )
  }
  return (
    <div className="home">
      <ActingAsBanner />
      <header className="topbar">
        <UserMenu />
      </header>
      {companies.isError ? (
        <section className="card" role="alert">
          <p>{companies.error.message}</p>
          <button type="button" className="button" onClick={() => void companies.refetch()}>
            {t`Try again`}
          </button>
        </section>
      ) : switchState.isPending ? (
        <Spinner size="large" />
      ) : switchState.data?.may_switch ? (
        <SwitchUserPanel />
      ) : (
        <NoCompanies />
      )}
    </div>
  )
}

function NoCompanies() {
  return (
    <section className="card" aria-labelledby="no-companies-title">
      <h1 id="no-companies-title">
        <Trans>No companies yet</Trans>
      </h1>
      <p>
        <Trans>
          You are not a member of any company yet. Ask the owner of your salon to invite you, or register your
          own business.
        </Trans>
      </p>
    </section>
  )
}
