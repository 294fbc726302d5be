import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { staffUsersQueryOptions } from '../../api/staff/staff-queries'
import { usePageTitle } from '../../ui/page-title'
import { Spinner } from '../../ui/spinner'
import { roleLabel } from '../overview/role-label'
import { useCurrentCompany } from '../shell/company-workspace'
import { LoadFailure } from '../shell/load-failure'

/**
 * /company/{id}/team: everyone who can sign in to the company, with their role, their staff card when they have
 * one, and a link to their rights. Members without a staff card (an accountant, a manager who serves no clients)
 * reach their rights only from here.
 */
export function TeamAccessScreen() {
  usePageTitle(msg`Team access`)
  const { i18n } = useLingui()
  const company = useCurrentCompany()
  const members = useQuery(staffUsersQueryOptions(company.id))
  const params = (previous: { lang?: string }) => ({ lang: previous.lang, companyId: String(company.id) })
  return (
    <section className="card" aria-labelledby="team-title">
      <h1 id="team-title">
        <Trans>Team access</Trans>
      </h1>
      <p className="section-intro">
        <Trans>Everyone who can sign in to this company, and what each of them may do.</Trans>
      </p>
      {members.isPending ? (
        <Spinner size="large" />
      ) : members.isError ? (
        <LoadFailure onRetry={() => void members.refetch()}>
          <Trans>The team could not be loaded.</Trans>
        </LoadFailure>
      ) : (
        <ul className="team-access">
          {members.data.map((member) => (
            <li key={member.id} className="team-access__member">
              <span className="team-access__name">{member.name}</span>{' '}
              <span className="team-access__role">{roleLabel(i18n, member.user_role)}</span>
              <span className="team-access__links">
                <Link
                  to="/{-$lang}/company/$companyId/team/$userId/rights"
                  params={(previous) => ({ ...params(previous), userId: String(member.id) })}
                  aria-label={i18n._(msg`Rights of ${member.name}`)}
                >
                  <Trans>Rights</Trans>
                </Link>
                {member.staff_id === null ? null : (
                  <Link
                    to="/{-$lang}/company/$companyId/staff/$staffId"
                    params={(previous) => ({ ...params(previous), staffId: String(member.staff_id) })}
                    aria-label={i18n._(msg`Staff card of ${member.name}`)}
                  >
                    <Trans>Staff card</Trans>
                  </Link>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
