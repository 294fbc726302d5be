import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import type { LicenseOptionId } from '../../../contract/license/schemas'
import type { ApiError } from '../../api/api-error'
import { useAddLicenseOption } from '../../api/license/license'
import { Form } from '../../ui/form'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { SelectField } from '../../ui/select-field'
import { SubmitButton } from '../../ui/submit-button'
import { showToast } from '../../ui/toast-store'
import { licenceOptionNames, singleOptions } from './licence-options'
import { PurchaseQuestion } from './purchase-question'

/** One more option for the licence (SMS sender name, cash register, ...), bought after a question. */
export function AddLicenceOption({ companyId }: { companyId: number }) {
  const { t, i18n } = useLingui()
  const [optionId, setOptionId] = useState<LicenseOptionId>(singleOptions[0]!)
  const [confirming, setConfirming] = useState(false)
  const buy = useAddLicenseOption(companyId)
  const name = i18n._(licenceOptionNames[optionId])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setConfirming(true)
  }
  const confirm = () =>
    buy.mutate(
      { option_id: optionId, amount: 1 },
      {
        onSuccess: () => {
          setConfirming(false)
          showToast('success', t`Option added: ${name}.`)
        },
        onError: (failure) => {
          setConfirming(false)
          showRequestFailureToast(failure as ApiError)
        },
      },
    )
  return (
    <>
      <h3>
        <Trans>More options</Trans>
      </h3>
      <Form onSubmit={submit} errors={null} className="inline-form" aria-label={t`Add an option`}>
        <SelectField
          label={<Trans>Option</Trans>}
          value={optionId}
          onChange={(event) => {
            setOptionId(Number(event.target.value) as LicenseOptionId)
            setConfirming(false)
          }}
        >
          {singleOptions.map((id) => (
            <option key={id} value={id}>
              {i18n._(licenceOptionNames[id])}
            </option>
          ))}
        </SelectField>
        <SubmitButton busy={buy.isPending}>
          <Trans>Add option</Trans>
        </SubmitButton>
      </Form>
      {confirming ? (
        <PurchaseQuestion
          label={t`Add an option`}
          busy={buy.isPending}
          onConfirm={confirm}
          onCancel={() => setConfirming(false)}
        >
          <p>
            <Trans>Add "{name}" to the licence? It is charged to the company's account.</Trans>
          </p>
        </PurchaseQuestion>
      ) : null}
    </>
  )
}
