import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { quickCreateStaff } from '../../api/staff/staff-changes'
import { Form } from '../../ui/form'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import type { ApiError } from '../../api/api-error'

/** Adds a staff member by name and speciality (POST /staff/quick), the checklist's way to a first member. */
export function QuickAddStaff({ companyId, onAdded }: { companyId: number; onAdded: () => void }) {
  const { t } = useLingui()
  const [name, setName] = useState('')
  const [specialization, setSpecialization] = useState('')
  const [missingName, setMissingName] = useState(false)
  const create = useMutation({
    mutationFn: () =>
      quickCreateStaff({ company_id: companyId, name: name.trim(), specialization, position_id: null }),
    onSuccess: () => {
      setName('')
      setSpecialization('')
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
      <SubmitButton busy={create.isPending}>
        <Trans>Add</Trans>
      </SubmitButton>
    </Form>
  )
}
