import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useState, type ReactNode } from 'react'
import type { CompanyWithAccess } from '../../../contract/companies/schemas'
import { companyRoles, rightsForRole } from '../../../contract/access/role-presets'
import { editsOf } from '../../../machines/rights-editor'
import { accountTitlesQueryOptions } from '../../api/accounts/accounts'
import { useRecordGroups } from '../../api/record-groups/record-groups'
import { staffListQueryOptions, staffUsersQueryOptions } from '../../api/staff/staff-queries'
import { useSessionActor } from '../../app/session-context'
import { usePageTitle } from '../../ui/page-title'
import { SelectField } from '../../ui/select-field'
import { Spinner } from '../../ui/spinner'
import { TextField } from '../../ui/text-field'
import { roleLabel } from '../overview/role-label'
import { useCurrentCompany } from '../shell/company-workspace'
import { ReadOnlyNote } from '../shell/read-only-note'
import { RightsChangeList } from './rights-change-list'
import { changeWords, type LimitNames } from './rights-change-words'
import { withFlag, withLimit } from './rights-draft'
import { RightsFlagGroups } from './rights-flag-groups'
import { RightsHistory } from './rights-history'
import { RightsLimits } from './rights-limits'
import { rightTexts } from './right-texts'
import { useRightsEditor, type RightsEditorRun } from './use-rights-editor'
import { userIdOfParam } from '../shell/path-ids'

const rightsRoute = getRouteApi('/{-$lang}/company/$companyId/team/$userId/rights')

/** /company/{id}/team/{userId}/rights: one member's rights, edited with a preview of the diff before saving. */
export function RightsEditorScreen() {
  usePageTitle(msg`Rights`)
  const company = useCurrentCompany()
  const userId = userIdOfParam(rightsRoute.useParams().userId)
  if (userId === undefined)
    return (
      <section className="card" role="alert">
        <h1>
          <Trans>There is no such team member</Trans>
        </h1>
        <TeamLink companyId={company.id} />
      </section>
    )
  return <RightsEditorOf key={userId} company={company} userId={userId} />
}

function TeamLink({ companyId }: { companyId: number }) {
  return (
    <Link
      to="/{-$lang}/company/$companyId/team"
      params={(previous) => ({ ...previous, companyId: String(companyId) })}
    >
      <Trans>Back to the team</Trans>
    </Link>
  )
}

function RightsEditorOf({ company, userId }: { company: CompanyWithAccess; userId: number }) {
  const { t } = useLingui()
  const run = useRightsEditor(company.id, userId)
  const [state, send] = run
  if (state.matches('unavailable')) {
    const status = state.context.failure?.status
    return (
      <section className="card" role="alert">
        <h1>
          <Trans>Rights</Trans>
        </h1>
        <p>
          {status === 404
            ? t`There is no such team member in this company.`
            : status === 403
              ? t`Your rights in this company do not include seeing the team's rights.`
              : t`The rights could not be loaded.`}
        </p>
        {status === 404 ? null : (
          <button type="button" className="button" onClick={() => send({ type: 'read.retried' })}>
            {t`Try again`}
          </button>
        )}
        <TeamLink companyId={company.id} />
      </section>
    )
  }
  if (state.matches('reading') || !state.context.draft) return <Spinner size="large" />
  return <RightsEditor company={company} userId={userId} run={run} />
}

function RightsEditor({
  company,
  userId,
  run,
}: {
  company: CompanyWithAccess
  userId: number
  run: RightsEditorRun
}) {
  const { i18n, t } = useLingui()
  const [state, send] = run
  const session = useSessionActor()
  const myId = useSelector(session, (snapshot) => snapshot.context.user?.id ?? null)
  const [search, setSearch] = useState('')
  const [preset, setPreset] = useState('')
  const { access } = company
  const staff = useQuery({ ...staffListQueryOptions(company.id), enabled: true })
  const members = useQuery({ ...staffUsersQueryOptions(company.id), enabled: access.settings_master_access })
  const groups = useRecordGroups(company.id)
  const accounts = useQuery({
    ...accountTitlesQueryOptions(company.id),
    enabled: access.finances_accounts_access,
  })
  const { held, draft, appliedPreset, failure, failedCall } = state.context
  const heldRole = held!.userRole
  const current = draft!
  const memberName =
    members.data?.find((member) => member.id === userId)?.name ??
    staff.data?.find((member) => member.user?.id === userId)?.name ??
    t`Team member`
  const names = {
    staff: new Map((staff.data ?? []).map((member) => [member.id, member.name])),
    accounts: new Map((accounts.data ?? []).map((account) => [account.id, account.title])),
    groups: new Map((groups.data ?? []).map((group) => [group.id, group.title])),
  }
  const isOwner = heldRole === 'owner'
  const isSelf = myId === userId && access.users_rights_edit_access && company.user_role !== 'owner'
  const readOnly = !access.users_rights_edit_access
  const locked = readOnly || isOwner || isSelf || !state.matches('editing')
  const pending = Object.keys(editsOf(held!.rights, current)).length
  const busy = state.matches('previewing') || state.matches('saving')
  const role = roleLabel(i18n, heldRole)

  const refusal =
    failure === null
      ? null
      : Object.entries(failure.fieldErrors)
          .map(([field, messages]) => {
            const key = field.replace(/^rights\./, '')
            const title = key in rightTexts ? i18n._(rightTexts[key as keyof typeof rightTexts].title) : key
            return messages.some((message) => message.includes('owner'))
              ? t`The owner's rights cannot be reduced: ${title}.`
              : messages.some((message) => message.includes('do not have'))
                ? t`You cannot grant a right you do not have: ${title}.`
                : `${title}: ${messages.join(' ')}`
          })
          .join(' ') ||
        (failure.status === 403
          ? t`The server refused: your rights do not allow this change.`
          : t`The changes could not be checked or saved. Please try again.`)

  return (
    <>
      <section className="card rights-editor" aria-labelledby="rights-title">
        <p className="staff-card__back">
          <TeamLink companyId={company.id} />
        </p>
        <h1 id="rights-title">
          <Trans>Rights of {memberName}</Trans>
        </h1>
        <p className="section-intro">
          <Trans>Role: {role}</Trans>
        </p>
        {readOnly ? (
          <ReadOnlyNote>
            <Trans>
              You can see these rights but not change them: your rights in this company do not include
              changing the team's rights.
            </Trans>
          </ReadOnlyNote>
        ) : isOwner ? (
          <ReadOnlyNote>
            <Trans>
              This is the owner of the company: they hold every right and no limit, and nobody can take any of
              them away.
            </Trans>
          </ReadOnlyNote>
        ) : isSelf ? (
          <ReadOnlyNote>
            <Trans>These are your own rights: only the owner of the company can change them.</Trans>
          </ReadOnlyNote>
        ) : null}
        {state.context.savedChanges.length > 0 ? (
          <div className="rights-saved" role="status">
            <p>
              <Trans>The rights are saved.</Trans>
            </p>
          </div>
        ) : null}
        {locked && !state.matches('confirming') && !state.matches('saving') ? null : (
          <form
            className="inline-form rights-presets"
            aria-label={t`Role presets`}
            onSubmit={(event) => {
              event.preventDefault()
              if (preset !== '') send({ type: 'preset.applied', role: preset, draft: rightsForRole(preset) })
            }}
          >
            <SelectField
              label={<Trans>Start from a role preset</Trans>}
              value={preset}
              disabled={locked}
              onChange={(event) => setPreset(event.target.value)}
            >
              <option value="">{t`Choose a role`}</option>
              {companyRoles
                .filter((candidate) => candidate !== 'owner')
                .map((candidate) => (
                  <option key={candidate} value={candidate}>
                    {roleLabel(i18n, candidate)}
                  </option>
                ))}
            </SelectField>
            <button type="submit" className="button" disabled={locked || preset === ''}>
              <Trans>Apply the preset</Trans>
            </button>
          </form>
        )}
        {appliedPreset ? (
          <p className="rights-preset-note" role="status">
            <Trans>
              The preset “{roleLabel(i18n, appliedPreset)}” replaced the flags and limits below. Nothing is
              saved until you save.
            </Trans>
          </p>
        ) : null}
        {refusal && failedCall === 'previewRights' ? (
          <p className="form-alert" role="alert">
            {refusal}
          </p>
        ) : null}
      </section>
      {state.matches('confirming') || state.matches('saving') ? (
        <RightsQuestion run={run} names={names} refusal={failedCall === 'saveRights' ? refusal : null} />
      ) : null}
      <section className="card" aria-labelledby="rights-flags-title">
        <h2 id="rights-flags-title">
          <Trans>What {memberName} can do</Trans>
        </h2>
        <TextField
          label={<Trans>Find a right</Trans>}
          type="search"
          value={search}
          autoComplete="off"
          onChange={(event) => setSearch(event.target.value)}
        />
        <RightsLimits
          draft={current}
          locked={locked}
          staff={(staff.data ?? []).map((member) => ({ id: member.id, name: member.name }))}
          accounts={accounts.data ?? null}
          groups={groups.data?.map((group) => ({ id: group.id, title: group.title })) ?? []}
          onChange={(key, value) => send({ type: 'draft.edited', draft: withLimit(current, key, value) })}
        />
        <RightsFlagGroups
          draft={current}
          search={search}
          locked={locked}
          beyondEditor={(flag) => !access[flag]}
          onToggle={(flag, on) => send({ type: 'draft.edited', draft: withFlag(current, flag, on) })}
        />
        {locked && !busy ? null : (
          <div className="rights-actions">
            <BusyButton
              busy={state.matches('previewing')}
              disabled={pending === 0 || !state.matches('editing')}
              onClick={() => send({ type: 'save.requested' })}
            >
              <Trans>Review and save</Trans>
            </BusyButton>
            <button
              type="button"
              className="button button--secondary"
              disabled={pending === 0 || !state.matches('editing')}
              onClick={() => send({ type: 'edits.discarded' })}
            >
              <Trans>Discard the changes</Trans>
            </button>
          </div>
        )}
      </section>
      <RightsHistory companyId={company.id} userId={userId} names={names} />
    </>
  )
}

/** The diff as the server previewed it, in words, waiting for the owner's word. */
function RightsQuestion(props: { run: RightsEditorRun; names: LimitNames; refusal: string | null }) {
  const { i18n } = useLingui()
  const [state, send] = props.run
  const words = changeWords(i18n, state.context.changes, props.names)
  return (
    <section className="card rights-question" aria-labelledby="rights-question-title">
      <h2 id="rights-question-title">
        <Trans>Save these changes?</Trans>
      </h2>
      {state.context.changes.length === 0 ? (
        <p>
          <Trans>Nothing would change: the rights are already like this.</Trans>
        </p>
      ) : (
        <RightsChangeList words={words} />
      )}
      {props.refusal ? (
        <p className="form-alert" role="alert">
          {props.refusal}
        </p>
      ) : null}
      <div className="rights-actions">
        <BusyButton busy={state.matches('saving')} onClick={() => send({ type: 'save.confirmed' })}>
          <Trans>Save</Trans>
        </BusyButton>
        <button
          type="button"
          className="button button--secondary"
          disabled={state.matches('saving')}
          onClick={() => send({ type: 'save.cancelled' })}
        >
          <Trans>Back to editing</Trans>
        </button>
      </div>
    </section>
  )
}

/** The main button of a step that calls the server: busy and disabled while the call runs. */
function BusyButton(props: { busy: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className="button button--primary"
      disabled={props.busy || props.disabled === true}
      aria-busy={props.busy}
      onClick={props.onClick}
    >
      {props.busy ? <Spinner size="small" /> : null}
      {props.children}
    </button>
  )
}
