import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import {
  twoFactorPolicies,
  type CompanyTwoFactor,
  type TwoFactorPolicy,
} from '../../../contract/auth/two-factor-schemas'
import type { CompanyWithAccess } from '../../../contract/companies/schemas'
import type { ApiError } from '../../api/api-error'
import { useCompanyTwoFactor, useSaveCompanyTwoFactor } from '../../api/auth/company-two-factor-policy'
import { isUnownedFailure } from '../../api/unowned-failure'
import { Form } from '../../ui/form'
import { RadioGroup } from '../../ui/radio-group'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { Spinner } from '../../ui/spinner'
import { SubmitButton } from '../../ui/submit-button'
import { showToast } from '../../ui/toast-store'
import { ReadOnlyNote } from '../shell/read-only-note'
import { policyChangeOf } from './policy-change'

const policyNames: Record<TwoFactorPolicy, MessageDescriptor> = {
  nobody: msg`Nobody: each member decides for themselves`,
  managers: msg`Owners and managers`,
  everyone: msg`Everyone in the company`,
}

/**
 * The company's rule for its members' sign-in: who must confirm it with a second factor (a code by e-mail
 * unless they set up the authenticator app). Before saving, the page names who the change reaches.
 */
export function CompanyTwoFactorPolicy({ company }: { company: CompanyWithAccess }) {
  const { t } = useLingui()
  const policy = useCompanyTwoFactor(company.id)
  // The form starts afresh from each saved rule, so the save lives here: its callbacks outlive the old form.
  const save = useSaveCompanyTwoFactor(company.id)
  return (
    <section className="security-part" aria-labelledby="company-policy-title">
      <h2 id="company-policy-title">
        <Trans>Second factor in {company.title}</Trans>
      </h2>
      {policy.isPending ? (
        <Spinner />
      ) : policy.isError ? (
        <div role="alert">
          <p>
            <Trans>The company's rule could not be loaded.</Trans>
          </p>
          <button type="button" className="button" onClick={() => void policy.refetch()}>
            {t`Try again`}
          </button>
        </div>
      ) : (
        <PolicyForm
          key={policy.data.required_for}
          save={save}
          policy={policy.data}
          canEdit={company.access.security_2fa_access}
        />
      )}
    </section>
  )
}

function PolicyForm(props: {
  save: ReturnType<typeof useSaveCompanyTwoFactor>
  policy: CompanyTwoFactor
  canEdit: boolean
}) {
  const { t } = useLingui()
  const { policy, save } = props
  const [choice, setChoice] = useState<TwoFactorPolicy>(policy.required_for)
  const change = policyChangeOf(policy, choice)
  const names = (members: { name: string }[]) => members.map((member) => member.name).join(', ')
  const now = t(policyNames[policy.required_for])

  if (!props.canEdit) {
    return (
      <>
        <p data-testid="company-policy">
          <Trans>Who must confirm sign-in with a second factor: {now}.</Trans>
        </p>
        <ReadOnlyNote>
          <Trans>Only members with the right to manage two-factor authentication can change this.</Trans>
        </ReadOnlyNote>
      </>
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(choice, {
      onSuccess: (saved) => {
        const chosen = t(policyNames[saved.required_for])
        showToast('success', t`Saved: ${chosen}.`)
      },
      onError: (failure) => {
        if (!isUnownedFailure(failure as ApiError)) showRequestFailureToast(failure as ApiError)
      },
    })
  }
  const newlyAsked = names(change.newlyAsked)
  const noLongerAsked = names(change.noLongerAsked)

  return (
    <Form onSubmit={submit} errors={undefined} className="security-form">
      <RadioGroup
        name="company-two-factor"
        legend={<Trans>Who must confirm sign-in with a second factor</Trans>}
        options={twoFactorPolicies.map((id) => ({ id, title: t(policyNames[id]) }))}
        defaultValue={choice}
        onChange={(id) => setChoice(id as TwoFactorPolicy)}
      />
      <p className="field__hint">
        <Trans>
          Members who did not choose the authenticator app get a code by e-mail at each sign-in. "Owners and
          managers" are the members with the owner or manager role.
        </Trans>
      </p>
      {choice === policy.required_for ? null : (
        <div className="read-only-note" role="note" data-testid="policy-change">
          {change.newlyAsked.length > 0 ? (
            <p>
              <Trans>From their next sign-in, a code by e-mail will be asked of: {newlyAsked}.</Trans>
            </p>
          ) : null}
          {change.noLongerAsked.length > 0 ? (
            <p>
              <Trans>No code will be asked any more of: {noLongerAsked}.</Trans>
            </p>
          ) : null}
          {change.newlyAsked.length === 0 && change.noLongerAsked.length === 0 ? (
            <p>
              <Trans>
                Nobody's sign-in changes: the members this covers already confirm it with a second factor.
              </Trans>
            </p>
          ) : null}
        </div>
      )}
      <SubmitButton busy={save.isPending}>
        <Trans>Save the rule</Trans>
      </SubmitButton>
    </Form>
  )
}
