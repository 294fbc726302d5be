import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { usePageTitle } from '../../ui/page-title'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { Company } from '../../../contract/companies/schemas'
import { useMyCompanies } from '../../api/companies/companies'
import { useSessionActor } from '../../app/session-context'
import { LanguageSwitcher } from '../../ui/language-switcher'
import { Spinner } from '../../ui/spinner'
import { CompanyCard } from './company-card'
import { InviteColleague } from './invite-colleague'

/** The home route by its id: the screen reads the route's search without importing the route module. */
const homeRoute = getRouteApi('/{-$lang}/')

/** The signed-in home: the user's company (the first one, or the one picked), or 'no companies yet'. */
export function HomeScreen() {
  const session = useSessionActor()
  const { t } = useLingui()
  usePageTitle(msg`Your companies`)
  const userName = useSelector(session, (snapshot) => snapshot.context.user?.name ?? '')
  const companies = useMyCompanies()

  return (
    <div className="home">
      <header className="topbar">
        <p className="topbar__user">
          <Trans>Signed in as {userName}</Trans>
        </p>
        <LanguageSwitcher />
        <button type="button" className="button" onClick={() => session.send({ type: 'session.ended' })}>
          <Trans>Sign out</Trans>
        </button>
      </header>
      {companies.isPending ? (
        <Spinner size="large" />
      ) : companies.isError ? (
        <section className="card" role="alert">
          <p>{companies.error.message}</p>
          <button type="button" className="button" onClick={() => void companies.refetch()}>
            {t`Try again`}
          </button>
        </section>
      ) : companies.data.length === 0 ? (
        <NoCompanies />
      ) : (
        <CompanyHome companies={companies.data} />
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

function CompanyHome({ companies }: { companies: Company[] }) {
  const { company: requestedId } = homeRoute.useSearch()
  const selected = companies.find((company) => company.id === requestedId) ?? companies[0]
  if (!selected) return null
  const others = companies.filter((company) => company.id !== selected.id)
  const count = companies.length
  return (
    <>
      <CompanyCard companyId={selected.id} />
      <InviteColleague companyId={selected.id} />
      {others.length > 0 ? (
        <section className="card" aria-labelledby="other-companies-title">
          <h2 id="other-companies-title">
            <Plural
              value={count}
              one="You work in # company"
              few="You work in # companies"
              many="You work in # companies"
              other="You work in # companies"
            />
          </h2>
          <ul className="company-list">
            {others.map((company) => (
              <li key={company.id}>
                <Link from="/{-$lang}/" search={{ company: company.id }}>
                  {company.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  )
}
