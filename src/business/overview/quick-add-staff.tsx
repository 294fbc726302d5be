import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { quickCreateStaff } from '../../api/staff/staff-changes'
import { Form } from '../../ui/form'
import { SubmitButton } from '../../ui/submit-button'
import { SelectField } from '../../ui/select-field'
import { TextField } from '../../ui/text-field'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import type { ApiError } from '../../api/api-error'

/**
 * Adds a staff member by name and speciality (POST /staff/quick), the checklist's way to a first member; with
 * the company's positions given (the team's page, for users who may read them), also by position.
 */
export function QuickAddStaff({
  companyId,
  onAdded,
  positions,
}: {
  companyId: number
  onAdded: () => void
  positions?: { id: number; title: string }[] | undefined
}) {
  const { t } = useLingui()
  const [name, setName] = useState('')
  const [specialization, setSpecialization] = useState('')
  const [positionId, setPositionId] = useState('')
  const [missingName, setMissingName] = useState(false)
  const create = useMutation({
    mutationFn: () =>
      quickCreateStaff({
        company_id: companyId,
        name: name.trim(),
        specialization,
        position_id: positionId === '' ? null : Number(positionId),
      }),
    onSuccess: () => {
      setName('')
      setSpecialization('')
      setPositionId('')
      onAdded()
    },
    onError: (error) => showRequestFailureToast(error as ApiError),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setMissingName(name.trim() === '')
    if (name.trim() !== '') create.mutate()
  }
  return (
    <Form onSubmit={submit} errors={missingName} className="inline-form" aria-label={t`Add a staff member`}>
      <TextField
        label={<Trans>Name</Trans>}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={missingName ? t`Enter the staff member's name.` : undefined}
        autoComplete="off"
      />
      <TextField
        label={<Trans>Speciality</Trans>}
        value={specialization}
        onChange={(event) => setSpecialization(event.target.value)}
        autoComplete="off"
      />
      {positions && positions.length > 0 ? (
        <SelectField
          label={<Trans>Position</Trans>}
          value={positionId}
          onChange={(event) => setPositionId(event.target.value)}
        >
          <option value="">{t`No position`}</option>
          {positions.map((position) => (
            <option key={position.id} value={position.id}>
              {position.title}
            </option>
          ))}
        </SelectField>
      ) : null}
      <SubmitButton busy={create.isPending}>
        <Trans>Add</Trans>
      </SubmitButton>
    </Form>
  )
}
