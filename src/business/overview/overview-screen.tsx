import { msg } from '@lingui/core/macro'
import { usePageTitle } from '../../ui/page-title'
import { canEdit, sections } from '../shell/sections'
import { useCurrentCompany } from '../shell/company-workspace'
import { CompanyCard } from './company-card'
import { CompanyInvites } from './company-invites'
import { InviteColleague } from './invite-colleague'
import { SetupChecklist } from './setup-checklist'

/** A company's first page in the workspace: the company, what is left to set up, and inviting colleagues. */
export function OverviewScreen() {
  usePageTitle(msg`Overview`)
  const company = useCurrentCompany()
  const buildsCatalogue = canEdit(
    company.access,
    sections.find((section) => section.key === 'services')!,
  )
  return (
    <>
      <CompanyCard companyId={company.id} />
      {buildsCatalogue ? <SetupChecklist companyId={company.id} /> : null}
      <InviteColleague companyId={company.id} />
      <CompanyInvites companyId={company.id} />
    </>
  )
}
