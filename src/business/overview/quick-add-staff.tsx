import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { inviteEmailSchema, invitePhoneSchema } from '../../../contract/invites/schemas'
import type { Employee } from '../../../contract/staff/schemas'
import { ApiError } from '../../api/api-error'
import { useCreateInvite } from '../../api/invites/invites'
import { quickCreateStaff } from '../../api/staff/staff-changes'
import { apiLanguageOf } from '../../../contract/ui-languages'
import { Checkbox } from '../../ui/checkbox'
import { Form } from '../../ui/form'
import { FormAlert } from '../../ui/form-alert'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { SelectField } from '../../ui/select-field'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'

/** What came of the last submit once the staff member exists: invited or not, or the invitation refused. */
type Outcome =
  | { employee: Employee; invited: false }
  | { employee: Employee; invited: true; contact: string }
  | { employee: Employee; inviteFailure: unknown }

/**
 * Adds a staff member by name and speciality (POST /staff/quick), the checklist's way to a first member; with
 * the company's positions given (the team's page, for users who may read them), also by position. With
 * `canInvite` (the team's page, for users who may invite colleagues) it takes a phone or an e-mail and may
 * invite the new member to sign in, through the same invitation call as the staff card's "Invite to sign in".
 */
export function QuickAddStaff({
  companyId,
  onAdded,
  positions,
  canInvite = false,
}: {
  companyId: number
  onAdded: () => void
  positions?: { id: number; title: string }[] | undefined
  canInvite?: boolean
}) {
  const { t, i18n } = useLingui()
  const [name, setName] = useState('')
  const [specialization, setSpecialization] = useState('')
  const [positionId, setPositionId] = useState('')
  const [phone, setPhone] = useState('')
  const [email, setEmail] = useState('')
  const [invite, setInvite] = useState(false)
  const [problems, setProblems] = useState<{ name?: string; phone?: string; email?: string }>({})
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const createInvite = useCreateInvite(companyId)
  const hasContact = phone.trim() !== '' || email.trim() !== ''
  const create = useMutation({
    mutationFn: async (): Promise<Outcome> => {
      const employee = await quickCreateStaff({
        company_id: companyId,
        name: name.trim(),
        specialization,
        position_id: positionId === '' ? null : Number(positionId),
      })
      // The staff member exists from here on: a refused invitation must not read as a failed addition.
      onAdded()
      if (!(invite && hasContact)) return { employee, invited: false }
      // One invitation goes to one contact; the e-mail is preferred when both are given (docs/decisions.md).
      const contact = email.trim() !== '' ? { email: email.trim() } : { phone: phone.trim() }
      try {
        await createInvite.mutateAsync({
          ...contact,
          role: 'specialist',
          staff_id: employee.id,
          lang: apiLanguageOf(i18n.locale),
        })
        return { employee, invited: true, contact: email.trim() || phone.trim() }
      } catch (failure) {
        return { employee, inviteFailure: failure }
      }
    },
    onSuccess: (result) => {
      setOutcome(result)
      setName('')
      setSpecialization('')
      setPositionId('')
      setPhone('')
      setEmail('')
      setInvite(false)
    },
    onError: (error) => showRequestFailureToast(error as ApiError),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found: typeof problems = {}
    if (name.trim() === '') found.name = t`Enter the staff member's name.`
    if (phone.trim() !== '' && !v.is(invitePhoneSchema, phone))
      found.phone = t`Enter a phone number of 5 to 15 digits, for example +7 999 123-45-67.`
    if (email.trim() !== '' && !v.is(inviteEmailSchema, email))
      found.email = t`Enter an e-mail like name@example.com.`
    setProblems(found)
    if (Object.keys(found).length > 0) return
    setOutcome(null)
    create.mutate()
  }
  const hasProblems = Object.keys(problems).length > 0
  return (
    <Form onSubmit={submit} errors={hasProblems} className="inline-form" aria-label={t`Add a staff member`}>
      <TextField
        label={<Trans>Name</Trans>}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={problems.name}
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
      {canInvite ? (
        <>
          <TextField
            label={<Trans>Phone (optional)</Trans>}
            type="tel"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            error={problems.phone}
            autoComplete="off"
          />
          <TextField
            label={<Trans>E-mail (optional)</Trans>}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={problems.email}
            autoComplete="off"
          />
          <Checkbox
            label={<Trans>Invite to sign in</Trans>}
            checked={invite && hasContact}
            disabled={!hasContact}
            onChange={(event) => setInvite(event.target.checked)}
          />
        </>
      ) : null}
      <SubmitButton busy={create.isPending}>
        <Trans>Add</Trans>
      </SubmitButton>
      {outcome && 'inviteFailure' in outcome ? (
        <FormAlert>
          <InviteRefused companyId={companyId} employee={outcome.employee} failure={outcome.inviteFailure} />
        </FormAlert>
      ) : null}
      <p role="status">
        {outcome && !('inviteFailure' in outcome) ? (
          outcome.invited ? (
            <Trans>
              {outcome.employee.name} is on the staff and invited to sign in at {outcome.contact}.
            </Trans>
          ) : (
            <Trans>{outcome.employee.name} is on the staff.</Trans>
          )
        ) : null}
      </p>
    </Form>
  )
}

/** The staff member was added but the invitation was refused: why, and where to send it again. */
function InviteRefused(props: { companyId: number; employee: Employee; failure: unknown }) {
  const { t } = useLingui()
  const { employee } = props
  const failure = props.failure instanceof ApiError ? props.failure : null
  const reason =
    failure?.status === 429
      ? t`There have been too many invitations for now.`
      : failure?.details.fieldErrors?.email || failure?.details.fieldErrors?.phone
        ? t`The server did not accept the contact.`
        : t`The invitation could not be sent.`
  return (
    <>
      <Trans>
        {employee.name} is on the staff, but the invitation was not sent: {reason} You can send it again from
        their card.
      </Trans>{' '}
      <Link
        to="/{-$lang}/company/$companyId/staff/$staffId"
        params={(previous) => ({
          ...previous,
          companyId: String(props.companyId),
          staffId: String(employee.id),
        })}
      >
        <Trans>Open {employee.name}'s card</Trans>
      </Link>
    </>
  )
}
