import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import {
  salaryDateBases,
  salaryModes,
  salarySplitModes,
  type SalarySettings,
  type SalarySettingsBody,
} from '../../../contract/salary/schemas'
import { ApiError } from '../../api/api-error'
import { salarySettingsQueryOptions, useSaveSalarySettings } from '../../api/salary/salary-settings'
import { employeeQueryOptions } from '../../api/staff/staff-queries'
import { Form } from '../../ui/form'
import { usePageTitle } from '../../ui/page-title'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { SelectField } from '../../ui/select-field'
import { Spinner } from '../../ui/spinner'
import { SubmitButton } from '../../ui/submit-button'
import { showToast } from '../../ui/toast-store'
import { useCurrentCompany } from '../shell/company-workspace'
import { ReadOnlyNote } from '../shell/read-only-note'
import { dateBasisLabels, modeLabels, splitModeLabels } from './payroll-options'
import { staffIdOfParam } from '../shell/path-ids'
import { StaffCardTabs } from './staff-card-tabs'

const payrollRoute = getRouteApi('/{-$lang}/company/$companyId/staff/$staffId/payroll')

/** /company/{id}/staff/{staffId}/payroll: how one staff member's pay is counted, for those who may read salaries. */
export function StaffPayrollScreen() {
  const { t } = useLingui()
  usePageTitle(msg`Payroll`)
  const company = useCurrentCompany()
  const staffId = staffIdOfParam(payrollRoute.useParams().staffId) ?? 0
  const employee = useQuery({ ...employeeQueryOptions(staffId), enabled: staffId > 0 })
  const canRead = company.access.finances_salary_access
  const settings = useQuery({
    ...salarySettingsQueryOptions(company.id, staffId),
    enabled: canRead && staffId > 0,
  })
  const backToList = (
    <Link
      to="/{-$lang}/company/$companyId/staff"
      params={(previous) => ({ ...previous, companyId: String(company.id) })}
    >
      <Trans>Back to the staff</Trans>
    </Link>
  )
  if (staffId === 0) {
    return (
      <section className="card" role="alert">
        <h1>
          <Trans>There is no such staff member</Trans>
        </h1>
        {backToList}
      </section>
    )
  }
  if (!canRead) {
    return (
      <section className="card" role="alert">
        <h1>
          <Trans>Payroll</Trans>
        </h1>
        <p>
          <Trans>Your rights in this company do not include the staff's pay.</Trans>
        </p>
        {backToList}
      </section>
    )
  }
  if (settings.isPending || employee.isPending) return <Spinner size="large" />
  if (settings.isError || employee.isError) {
    return (
      <section className="card" role="alert">
        <h1>
          <Trans>Payroll</Trans>
        </h1>
        <p>
          <Trans>The payroll settings could not be loaded.</Trans>
        </p>
        <button type="button" className="button" onClick={() => void settings.refetch()}>
          {t`Try again`}
        </button>
        {backToList}
      </section>
    )
  }
  const mayEdit = company.access.finances_salary_settings_access
  return (
    <section className="card staff-card" aria-labelledby="payroll-title">
      <p className="staff-card__back">{backToList}</p>
      <h1 id="payroll-title">
        <Trans>Payroll of {employee.data.name}</Trans>
      </h1>
      <StaffCardTabs company={company} staffId={staffId} current="payroll" />
      {mayEdit ? null : (
        <ReadOnlyNote>
          <Trans>
            You can see how this staff member's pay is counted but not change it: your rights in this company
            do not include the payroll settings.
          </Trans>
        </ReadOnlyNote>
      )}
      {settings.data.is_customized ? null : (
        <p className="section-intro">
          <Trans>Nothing is set for this staff member yet: these are the defaults.</Trans>
        </p>
      )}
      <PayrollForm
        key={settings.data.version}
        companyId={company.id}
        staffId={staffId}
        settings={settings.data}
        mayEdit={mayEdit}
        reload={() => void settings.refetch()}
      />
    </section>
  )
}

function PayrollForm(props: {
  companyId: number
  staffId: number
  settings: SalarySettings
  mayEdit: boolean
  reload: () => void
}) {
  const { t } = useLingui()
  const save = useSaveSalarySettings(props.companyId, props.staffId)
  const [draft, setDraft] = useState<SalarySettingsBody>({
    date_basis: props.settings.date_basis,
    discount_split_mode: props.settings.discount_split_mode,
    cost_split_mode: props.settings.cost_split_mode,
    mode: props.settings.mode,
  })
  const failure = save.error instanceof ApiError ? save.error : null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(
      { ...draft, expected_version: props.settings.version },
      {
        onSuccess: () => showToast('success', t`The payroll settings are saved.`),
        onError: (error) => {
          if ((error as ApiError).status !== 409) showRequestFailureToast(error as ApiError)
        },
      },
    )
  }
  return (
    <Form onSubmit={submit} errors={false} aria-label={t`Payroll settings`}>
      <fieldset className="plain-fieldset" disabled={!props.mayEdit}>
        <SelectField
          label={<Trans>How pay is counted</Trans>}
          value={draft.mode}
          onChange={(event) =>
            setDraft({ ...draft, mode: pick(salaryModes, event.target.value, draft.mode) })
          }
        >
          {salaryModes.map((mode) => (
            <option key={mode} value={mode}>
              {t(modeLabels[mode])}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={<Trans>A sale counts</Trans>}
          value={draft.date_basis}
          onChange={(event) =>
            setDraft({ ...draft, date_basis: pick(salaryDateBases, event.target.value, draft.date_basis) })
          }
        >
          {salaryDateBases.map((basis) => (
            <option key={basis} value={basis}>
              {t(dateBasisLabels[basis])}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={<Trans>Discounts</Trans>}
          value={draft.discount_split_mode}
          onChange={(event) =>
            setDraft({
              ...draft,
              discount_split_mode: pick(salarySplitModes, event.target.value, draft.discount_split_mode),
            })
          }
        >
          {salarySplitModes.map((mode) => (
            <option key={mode} value={mode}>
              {t(splitModeLabels[mode])}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={<Trans>Cost of materials</Trans>}
          value={draft.cost_split_mode}
          onChange={(event) =>
            setDraft({
              ...draft,
              cost_split_mode: pick(salarySplitModes, event.target.value, draft.cost_split_mode),
            })
          }
        >
          {salarySplitModes.map((mode) => (
            <option key={mode} value={mode}>
              {t(splitModeLabels[mode])}
            </option>
          ))}
        </SelectField>
      </fieldset>
      {failure?.status === 409 ? (
        <div className="confirm" role="alert">
          <p>
            <Trans>
              Someone saved this staff member's payroll settings after you opened them. Load their version to
              see what changed (your choices here are dropped).
            </Trans>
          </p>
          <button type="button" className="button" onClick={props.reload}>
            <Trans>Load their version</Trans>
          </button>
        </div>
      ) : null}
      {props.mayEdit ? (
        <SubmitButton busy={save.isPending}>
          <Trans>Save the payroll settings</Trans>
        </SubmitButton>
      ) : null}
    </Form>
  )
}

/** The value of a select as one of its options; anything else (never offered) keeps the current one. */
function pick<T extends string>(options: readonly T[], value: string, current: T): T {
  return options.find((option) => option === value) ?? current
}
