import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { CompanyWithAccess } from '../../../contract/companies/schemas'

/** The card's tabs: the staff member, and their payroll for those who may read salaries. */
export function StaffCardTabs(props: {
  company: CompanyWithAccess
  staffId: number
  current: 'card' | 'payroll'
}) {
  const { t } = useLingui()
  if (!props.company.access.finances_salary_access) return null
  const params = (previous: Record<string, string | undefined>) => ({
    ...previous,
    companyId: String(props.company.id),
    staffId: String(props.staffId),
  })
  return (
    <nav className="tabs" aria-label={t`Staff member's pages`}>
      <Link
        to="/{-$lang}/company/$companyId/staff/$staffId"
        params={params}
        activeOptions={{ exact: true }}
        aria-current={props.current === 'card' ? 'page' : undefined}
      >
        {t`Card`}
      </Link>
      <Link
        to="/{-$lang}/company/$companyId/staff/$staffId/payroll"
        params={params}
        activeOptions={{ exact: true }}
        aria-current={props.current === 'payroll' ? 'page' : undefined}
      >
        {t`Payroll`}
      </Link>
    </nav>
  )
}
