import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { Employee } from '../../../contract/staff/schemas'
import type { ApiError } from '../../api/api-error'
import { useRecordGroups } from '../../api/record-groups/record-groups'
import { usePatchStaff } from '../../api/staff/staff-changes'
import { Form } from '../../ui/form'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { SelectField } from '../../ui/select-field'
import { SubmitButton } from '../../ui/submit-button'
import { showToast } from '../../ui/toast-store'

/**
 * Puts the staff member in a hall or department, or in none (PATCH /staff/{id} record_group_id); shown once the
 * company has a group to choose.
 */
export function RecordGroupForm({ companyId, employee }: { companyId: number; employee: Employee }) {
  const { t } = useLingui()
  const groups = useRecordGroups(companyId)
  const queryClient = useQueryClient()
  const [groupId, setGroupId] = useState(
    employee.record_group_id === null ? '' : String(employee.record_group_id),
  )
  const patch = usePatchStaff(employee.id)
  if (!groups.data || (groups.data.length === 0 && employee.record_group_id === null)) return null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    patch.mutate(
      { record_group_id: groupId === '' ? null : Number(groupId) },
      {
        onSuccess: () => {
          // The groups page lists who works in each.
          void queryClient.invalidateQueries({ queryKey: ['record-groups', companyId] })
          showToast('success', t`The hall or department is saved.`)
        },
        onError: (error) => showRequestFailureToast(error as ApiError),
      },
    )
  }
  return (
    <Form onSubmit={submit} errors={false} className="inline-form" aria-label={t`Hall or department`}>
      <SelectField
        label={<Trans>Hall or department</Trans>}
        value={groupId}
        onChange={(event) => setGroupId(event.target.value)}
      >
        <option value="">{t`None`}</option>
        {groups.data.map((group) => (
          <option key={group.id} value={group.id}>
            {group.title}
          </option>
        ))}
      </SelectField>
      <SubmitButton busy={patch.isPending}>
        <Trans>Save the hall or department</Trans>
      </SubmitButton>
    </Form>
  )
}
