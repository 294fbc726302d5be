import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import type { TimetableSettings, TimetableSettingsReply } from '../../../contract/timetable/schemas'
import type { ApiError } from '../../api/api-error'
import { useSaveTimetableSettings, useTimetableSettings } from '../../api/timetable/timetable-settings'
import { Checkbox } from '../../ui/checkbox'
import { Form } from '../../ui/form'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { Spinner } from '../../ui/spinner'
import { SubmitButton } from '../../ui/submit-button'
import { showToast } from '../../ui/toast-store'
import { LoadFailure } from '../shell/load-failure'
import { ReadOnlyNote } from '../shell/read-only-note'

/**
 * The appointment book's three settings (SPEC.md section 3, timetable settings). The two agreements are offered
 * only when this installation offers them at all (the agreements build flag); otherwise they are not shown.
 */
export function TimetableSettingsForm({ companyId, canEdit }: { companyId: number; canEdit: boolean }) {
  const settings = useTimetableSettings(companyId)
  return (
    <section className="card" aria-labelledby="timetable-settings-title">
      <h2 id="timetable-settings-title">
        <Trans>Appointment book settings</Trans>
      </h2>
      {settings.isPending ? (
        <Spinner size="large" />
      ) : settings.isError ? (
        <LoadFailure onRetry={() => void settings.refetch()}>
          <Trans>The appointment book settings could not be loaded.</Trans>
        </LoadFailure>
      ) : (
        <SettingsFlags
          // Opened anew from each answer, so what is shown after a save is what the server stored.
          key={JSON.stringify(settings.data)}
          companyId={companyId}
          settings={settings.data}
          canEdit={canEdit}
        />
      )}
    </section>
  )
}

function SettingsFlags(props: { companyId: number; settings: TimetableSettingsReply; canEdit: boolean }) {
  const { t } = useLingui()
  const { companyId, settings, canEdit } = props
  const [flags, setFlags] = useState<TimetableSettings>({
    is_show_newsletter_agreement: settings.is_show_newsletter_agreement,
    is_show_personal_data_processing_agreement: settings.is_show_personal_data_processing_agreement,
    is_need_sum_record_technical_breaks: settings.is_need_sum_record_technical_breaks,
  })
  const save = useSaveTimetableSettings(companyId)
  const flag = (name: keyof TimetableSettings, label: string) => (
    <Checkbox
      label={label}
      checked={flags[name]}
      disabled={!canEdit}
      onChange={(event) => setFlags((previous) => ({ ...previous, [name]: event.target.checked }))}
    />
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body = settings.agreements_offered
      ? flags
      : { is_need_sum_record_technical_breaks: flags.is_need_sum_record_technical_breaks }
    save.mutate(body, {
      onSuccess: () => showToast('success', t`The appointment book settings are saved.`),
      onError: (error) => showRequestFailureToast(error as ApiError),
    })
  }
  return (
    <Form
      onSubmit={submit}
      errors={null}
      className="timetable-settings"
      aria-label={t`Appointment book settings`}
    >
      {flag(
        'is_need_sum_record_technical_breaks',
        t`Add the technical breaks of an appointment's services to its length`,
      )}
      {settings.agreements_offered ? (
        <>
          {flag(
            'is_show_newsletter_agreement',
            t`Ask clients who book online to agree to receive the newsletter`,
          )}
          {flag(
            'is_show_personal_data_processing_agreement',
            t`Ask clients who book online to agree to the processing of their personal data`,
          )}
        </>
      ) : null}
      {canEdit ? (
        <SubmitButton busy={save.isPending}>
          <Trans>Save settings</Trans>
        </SubmitButton>
      ) : (
        <ReadOnlyNote>
          <Trans>
            You can see these settings but not change them: your rights in this company do not include the
            timetable settings.
          </Trans>
        </ReadOnlyNote>
      )}
    </Form>
  )
}
